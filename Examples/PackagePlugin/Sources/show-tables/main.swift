// Prints every table each brand's Bundle.module holds, per language, as Foundation reads it:
// { "BrandA": { "fr": { "Localizable.strings": { "home.title": "…" }, … }, … }, … }
import BrandA
import BrandB
import Foundation

/// The tables of one language of a bundle, found through the bundle's own lookup.
func tables(in bundle: Bundle, language: String) throws -> [String: Any] {
  var result: [String: Any] = [:]
  for type in ["strings", "stringsdict"] {
    for path in bundle.paths(forResourcesOfType: type, inDirectory: nil, forLocalization: language) {
      let name = (path as NSString).lastPathComponent
      let table = (name as NSString).deletingPathExtension
      // The lookup an app's NSLocalizedString(tableName:bundle:) makes, per language.
      guard bundle.path(forResource: table, ofType: type, inDirectory: nil, forLocalization: language) == path else {
        throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
      }
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      result[name] = try PropertyListSerialization.propertyList(from: data, format: nil)
    }
  }
  return result
}

var document: [String: Any] = [:]
for (name, bundle) in [("BrandA", BrandA.bundle), ("BrandB", BrandB.bundle)] {
  var languages: [String: Any] = [:]
  for language in bundle.localizations where language != "Base" {
    languages[language] = try tables(in: bundle, language: language)
  }
  document[name] = languages
}
let json = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
FileHandle.standardOutput.write(json + Data("\n".utf8))
