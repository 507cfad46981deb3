/// The `id` Xcode gives a `<trans-unit>`, read as the table entry it stands for.
///
/// The forms, each checked against `.xliff` files Xcode's Export Localizations wrote (Xcode 12.3
/// and 15.2 exports committed to public repositories as test data of translation platforms, and
/// byte-for-byte Xcode 26/27 exports of String Catalogs kept as a tool's test corpus):
///
/// - A `.strings` entry: the key itself (`title`, `Delete key file?\n…`, `""`).
/// - A `.stringsdict` entry: `/KEY:dict/NSStringLocalizedFormatKey:dict/:string` for the format,
///   `/KEY:dict/VAR:dict/one:dict/:string` for a plural case of variable `VAR`. Keys may contain
///   `/` and `:` (`/[Generic/Count/Threads]:dict/…`).
/// - A String Catalog entry: the key for its plain value; `KEY|==|plural.one`,
///   `KEY|==|device.iphone`, `KEY|==|device.iphone.plural.one` and
///   `KEY|==|substitutions.VAR.plural.one` for variations — a substitution name with a dot is
///   wrapped in `@` (`substitutions.@A.B@.plural.one`). The key ends at the *last* `|==|`
///   (`varied|==|key|==|plural.one` is a plural of `varied|==|key`), and a suffix that is no
///   variation is part of the key (`literal|==|text` is a plain key).
///
/// Two keys can give one id: a catalog key that itself ends in a variation (`a|==|plural.one`)
/// reads back as a variation of another key (Xcode's exporter crashes on the pair, and its importer
/// ignores such a key). ``problem`` says so for every id that would not read back as its unit.
public enum XLIFFUnitID: Hashable, Sendable {
  /// A `.strings` key.
  case key(String)
  /// A `.stringsdict` entry: `["NSStringLocalizedFormatKey"]` for the format, `[VAR, CASE]` for a
  /// case of a variable's rule.
  case stringsdict(key: String, path: [String])
  /// A String Catalog entry: `[]` for the plain value, `["plural", CASE]`, `["device", DEVICE]`,
  /// `["device", DEVICE, "plural", CASE]` or `["substitutions", NAME, "plural", CASE]`.
  case catalog(key: String, variation: [String])

  /// The plural categories a variation may name (CLDR's).
  public static let pluralCategories: Set<String> = ["zero", "one", "two", "few", "many", "other"]
  /// The devices a catalog's `device` variation may name.
  public static let devices: Set<String> = [
    "iphone", "ipod", "ipad", "mac", "applewatch", "appletv", "applevision", "other",
  ]

  /// Reads an id as Xcode writes it for a table of the given kind.
  /// - Parameters:
  ///   - id: The `<trans-unit>`'s `id`.
  ///   - originalExtension: The extension of the file's `original`: `strings`, `stringsdict` or
  ///     `xcstrings` (any case).
  /// - Returns: The entry, or `nil` for another extension, or a `.stringsdict` id that is not of
  ///   Xcode's form.
  public init?(id: String, originalExtension: String) {
    switch originalExtension.lowercased() {
    case "strings":
      self = .key(id)
    case "stringsdict":
      guard let (key, path) = Self.stringsdictParts(id) else { return nil }
      self = .stringsdict(key: key, path: path)
    case "xcstrings":
      let (key, variation) = Self.catalogParts(id)
      self = .catalog(key: key, variation: variation)
    default:
      return nil
    }
  }

  /// The id Xcode writes for the entry.
  public var id: String {
    switch self {
    case .key(let key):
      return key
    case .stringsdict(let key, let path):
      return "/" + key + ":dict/" + path.map { $0 + ":dict/" }.joined() + ":string"
    case .catalog(let key, let variation):
      guard !variation.isEmpty else { return key }
      return key + Self.separator + Self.suffix(variation)
    }
  }

  /// Why ``id`` would not read back as this entry (so a translation of it would land elsewhere,
  /// or nowhere), for the exporter to report; `nil` when it reads back.
  public var problem: String? {
    let kind: String
    switch self {
    case .key: return nil
    case .stringsdict: kind = "stringsdict"
    case .catalog: kind = "xcstrings"
    }
    let readBack = XLIFFUnitID(id: id, originalExtension: kind)
    if readBack == self { return nil }
    switch (self, readBack) {
    case (.catalog(let key, []), .catalog(let other, let variation)?):
      return "Xcode reads the id '\(key)' as the \(variation.joined(separator: ".")) variation of '\(other)' "
        + "(its import ignores the key, its export fails if both exist); rename the key"
    case (.catalog(_, let variation), _):
      return "Xcode gives no unit id to the catalog variation \(variation.joined(separator: ".")): a unit is "
        + "a plain value, a plural case, a device (with its plural cases) or a substitution's plural case"
    case (.stringsdict(_, let path), _):
      return "Xcode gives no unit id that reads back as the .stringsdict entry \(path.joined(separator: "/")): a "
        + "unit is the NSStringLocalizedFormatKey or one case of a variable (VAR/one), and a variable name may "
        + "not contain ':dict/'"
    default:
      return nil
    }
  }

  // MARK: - Private

  private static let separator = "|==|"
  private static let formatKey = "NSStringLocalizedFormatKey"

  /// `KEY` and the path of `/KEY:dict/A:dict/B:dict/:string`; the key may itself contain
  /// `:dict/`, so the path is read from the end: the format key alone, or a variable and a case.
  private static func stringsdictParts(_ id: String) -> (String, [String])? {
    let prefix = "/"
    let end = ":dict/:string"
    guard id.hasPrefix(prefix), id.hasSuffix(end), id.utf8.count >= prefix.utf8.count + end.utf8.count
    else { return nil }
    let middle = String(id.dropFirst(prefix.count).dropLast(end.count))
    let parts = middle.split(separator: ":dict/", omittingEmptySubsequences: false).map(String.init)
    if parts.count >= 2, parts[parts.count - 1] == formatKey {
      return (parts.dropLast().joined(separator: ":dict/"), [formatKey])
    }
    guard parts.count >= 3 else { return nil }
    return (parts.dropLast(2).joined(separator: ":dict/"), Array(parts.suffix(2)))
  }

  /// The key and variation of a catalog unit's id: the text after the last `|==|` when it names
  /// a variation, else the whole id as a plain key.
  private static func catalogParts(_ id: String) -> (String, [String]) {
    // No variation has a '|', so the separator ends at the id's last one (searching forward would
    // find "|==|" inside "x|==|==|plural.one" too early).
    let bytes = id.utf8
    guard let bar = bytes.lastIndex(of: UInt8(ascii: "|")),
      bytes.distance(from: bytes.startIndex, to: bar) >= 3,
      bytes[bytes.index(bar, offsetBy: -3)...bar].elementsEqual(separator.utf8)
    else { return (id, []) }
    let keyEnd = bytes.index(bar, offsetBy: -3)
    guard let variation = variation(id[bytes.index(after: bar)...]) else { return (id, []) }
    return (String(id[..<keyEnd]), variation)
  }

  /// Reads `plural.one`, `device.iphone`, `device.iphone.plural.one` or
  /// `substitutions.NAME.plural.one` (`NAME` wrapped in `@` when it has a dot).
  private static func variation(_ suffix: Substring) -> [String]? {
    /// `plural.CASE` at the end of `text`: the text before it (without its dot) and the case.
    func pluralTail(_ text: Substring) -> (Substring, String)? {
      guard let dot = text.lastIndex(of: ".") else { return nil }
      let category = String(text[text.index(after: dot)...])
      let before = text[..<dot]
      guard pluralCategories.contains(category), before.hasSuffix("plural") else { return nil }
      return (before.dropLast("plural".count), category)
    }
    if let (rest, category) = pluralTail(suffix), rest.isEmpty {
      return ["plural", category]
    }
    if suffix.hasPrefix("device.") {
      let afterDevice = suffix.dropFirst("device.".count)
      if devices.contains(String(afterDevice)) { return ["device", String(afterDevice)] }
      if let (rest, category) = pluralTail(afterDevice), rest.hasSuffix("."), devices.contains(String(rest.dropLast()))
      {
        return ["device", String(rest.dropLast()), "plural", category]
      }
      return nil
    }
    if suffix.hasPrefix("substitutions."), let (rest, category) = pluralTail(suffix.dropFirst("substitutions.".count)),
      rest.hasSuffix(".")
    {
      var name = rest.dropLast()
      if name.count >= 2, name.hasPrefix("@"), name.hasSuffix("@") {
        name = name.dropFirst().dropLast()
      } else if name.contains(".") {
        return nil
      }
      guard !name.isEmpty, !name.contains("@") else { return nil }
      return ["substitutions", String(name), "plural", category]
    }
    return nil
  }

  /// The text after `|==|` for a variation.
  private static func suffix(_ variation: [String]) -> String {
    guard variation.count == 4, variation[0] == "substitutions", variation[1].contains(".") else {
      return variation.joined(separator: ".")
    }
    return "substitutions.@\(variation[1])@.plural.\(variation[3])"
  }
}
