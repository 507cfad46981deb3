import Foundation

/// A layered project for the translators' round trip (`export`, `import`), written by the tests
/// into a fresh folder:
///
/// - `Localization/Base`: `en`, `de`, `fr` (the French table in UTF-16 with a byte-order mark, as
///   older Xcode projects save it), a `.stringsdict` plural that French lacks, and a String
///   Catalog `Settings.xcstrings` with a plural;
/// - `Localization/Acme` (brand of `AcmePro` and `AcmeLite`): overrides `title` in English only —
///   German and French still show the base's translation of the old text — and adds `slogan`;
///   overrides the catalog's English `settings.title` the same way;
/// - `Localization/AcmePro`: adds `pro.badge` (English and German), and its own German `bye`;
/// - `Localization/Globex` (target `GlobexGo`): overrides `greeting` in English and German.
///
/// What needs a translator, by construction: in German `Acme`'s `title`, `slogan` and
/// `settings.title`, and the base's `onboarding.tip`; in French the same, plus `pro.badge`,
/// the plural `%d files`, the catalog's `%lld items` and `settings.sync`, and `Globex`'s
/// `greeting`.
public struct TranslationFixture {
  /// The project's folder.
  public let root: URL

  /// Writes the project into a fresh temporary folder.
  public init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-translation-\(UUID().uuidString)")
    for (path, bytes) in Self.files { try write(bytes, to: path) }
  }

  /// Removes the folder.
  public func remove() {
    try? FileManager.default.removeItem(at: root)
  }

  /// The absolute path of something in the project.
  public func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  /// Writes bytes at a path relative to the project, creating folders.
  public func write(_ bytes: [UInt8], to relative: String) throws {
    let url = root.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  /// Writes UTF-8 text at a path relative to the project.
  public func write(_ text: String, to relative: String) throws {
    try write(Array(text.utf8), to: relative)
  }

  /// The bytes of a file of the project, or `nil`.
  public func bytes(_ relative: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path(relative)).map { Array($0) }
  }

  /// Every file under the project's `Localization` folder and `locmerge.json`, with its bytes.
  public func snapshot() -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return files }
    for case let relative as String in enumerator
    where relative == "locmerge.json" || relative.hasPrefix("Localization/") {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path(relative), isDirectory: &isFolder), !isFolder.boolValue,
        let data = FileManager.default.contents(atPath: path(relative))
      else { continue }
      files[relative] = Array(data)
    }
    return files
  }

  /// UTF-16 little-endian with a byte-order mark.
  public static func utf16(_ text: String) -> [UInt8] {
    [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
  }

  /// The project's files: path relative to the project → bytes.
  public static let files: [String: [UInt8]] = {
    var files: [String: [UInt8]] = [:]
    for (path, text) in texts { files[path] = Array(text.utf8) }
    files["Localization/Base/fr.lproj/Localizable.strings"] = utf16(frenchStrings)
    return files
  }()

  /// The French table, written as UTF-16.
  public static let frenchStrings = """
    /* Title of the main screen */
    "title" = "Accueil";

    /* Greeting; %@ is the user's name */
    "greeting" = "Bonjour, %@ !";

    "bye" = "Au revoir";

    """

  static let texts: [String: String] = [
    "locmerge.json": """
    {
      "base": "Localization/Base",
      "destination": "build/{target}",
      "targets": {
        "AcmePro": { "layers": ["Localization/Acme", "Localization/AcmePro"] },
        "AcmeLite": { "layers": ["Localization/Acme"] },
        "GlobexGo": { "layers": ["Localization/Globex"] }
      }
    }

    """,
    "Localization/Base/en.lproj/Localizable.strings": """
    /* Title of the main screen */
    "title" = "Home";

    /* Greeting; %@ is the user's name */
    "greeting" = "Hello, %@!";

    "bye" = "Goodbye";

    /* Shown once, on the first launch */
    "onboarding.tip" = "Swipe left to delete";

    """,
    "Localization/Base/de.lproj/Localizable.strings": """
    /* Title of the main screen */
    "title" = "Start";

    /* Greeting; %@ is the user's name */
    "greeting" = "Hallo, %@!";

    "bye" = "Auf Wiedersehen";

    """,
    "Localization/Base/en.lproj/Localizable.stringsdict": plural(one: "%d file", other: "%d files"),
    "Localization/Base/de.lproj/Localizable.stringsdict": plural(one: "%d Datei", other: "%d Dateien"),
    "Localization/Base/Settings.xcstrings": """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld items" : {
          "comment" : "Items in the sync queue",
          "localizations" : {
            "de" : {
              "variations" : {
                "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Eintrag" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Einträge" } }
                }
              }
            },
            "en" : {
              "variations" : {
                "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } }
                }
              }
            }
          }
        },
        "settings.sync" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Synchronisieren" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Sync" } }
          }
        },
        "settings.title" : {
          "comment" : "Title of the settings screen",
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Einstellungen" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Settings" } },
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "Réglages" } }
          }
        }
      },
      "version" : "1.0"
    }
    """,
    "Localization/Acme/en.lproj/Localizable.strings": """
    "title" = "Acme Home";

    /* The brand's slogan, under the logo */
    "slogan" = "Since 1949";

    """,
    "Localization/Acme/Settings.xcstrings": """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "settings.title" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Acme Settings" } }
          }
        }
      },
      "version" : "1.0"
    }
    """,
    "Localization/AcmePro/en.lproj/Localizable.strings": "\"pro.badge\" = \"PRO\";\n",
    "Localization/AcmePro/de.lproj/Localizable.strings": "\"pro.badge\" = \"PRO\";\n\"bye\" = \"Tschüss\";\n",
    "Localization/Globex/en.lproj/Localizable.strings": "\"greeting\" = \"Welcome, %@!\";\n",
    "Localization/Globex/de.lproj/Localizable.strings": "\"greeting\" = \"Willkommen, %@!\";\n",
  ]

  static func plural(one: String, other: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>%d files</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%#@files@</string>
    \t\t<key>files</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>d</string>
    \t\t\t<key>one</key>
    \t\t\t<string>\(one)</string>
    \t\t\t<key>other</key>
    \t\t\t<string>\(other)</string>
    \t\t</dict>
    \t</dict>
    </dict>
    </plist>

    """
  }
}
