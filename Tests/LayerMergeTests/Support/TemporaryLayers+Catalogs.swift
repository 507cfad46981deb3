import Foundation
import LayerMerge

extension TemporaryLayers {
  /// Merges layers under the root, lowest first, as `LayerMerger.merge` does.
  func merge(_ names: String..., options: MergeOptions = MergeOptions()) -> MergeResult {
    LayerMerger.merge(loaded: names.map(loaded), options: options)
  }

  /// A layer under the root with its tables and catalogs read.
  func loaded(_ name: String) -> LoadedLayer {
    LoadedLayer(Layer(path: path(name)))
  }

  /// A catalog's JSON: keys with their localizations, each a plain string in state `translated`.
  static func catalog(_ strings: [(key: String, values: [(String, String)])], source: String = "en") -> String {
    let entries = strings.map { entry in
      let localizations = entry.values.map { language, value in
        "\"\(language)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(value)\" } }"
      }
      return "    \"\(entry.key)\" : { \"localizations\" : {\n      "
        + localizations.joined(separator: ",\n      ") + "\n    } }"
    }
    return "{\n  \"sourceLanguage\" : \"\(source)\",\n  \"version\" : \"1.0\",\n  \"strings\" : {\n"
      + entries.joined(separator: ",\n") + "\n  }\n}\n"
  }
}

extension MergeResult {
  /// One language of a merged catalog.
  func table(_ relativePath: String, language: String) -> MergedTable? {
    tables.first { $0.address.relativePath == relativePath && $0.address.language == language }
  }

  /// The merged catalog at a relative path.
  func catalog(_ relativePath: String) -> StringCatalog? {
    catalogs.first { $0.address.relativePath == relativePath }?.catalog
  }
}

extension MergedTable {
  /// `key:status:winning layer` for every key, in order.
  var statuses: [String] { provenance.map { "\($0.key):\($0.status.rawValue):\($0.winner.layer)" } }
}

extension StringCatalog {
  /// The text of a plain localization, or `nil`.
  func text(_ key: String, _ language: String) -> String? {
    self[key]?[language]?.variant.stringUnit?.value
  }
}
