import Foundation
import LayerMerge
import Testing

/// The `TableEditor` example of docs/library.md, line for line except that the path starts in a
/// temporary folder; `print` is captured.
@Suite struct TableEditorExampleTests {
  private func runExample(in folder: String) -> [String] {
    var printed: [String] = []
    func print(_ item: Any) { printed.append("\(item)") }
    // From docs/library.md:
    let path = folder + "Localization/Acme/de.lproj/Localizable.strings"
    let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) }  // nil: a new file
    let edits = [
      TableEdit(place: .strings(key: "title"), value: "Willkommen bei Acme"),
      TableEdit(place: .strings(key: "cart.empty"), value: "Ihr Warenkorb ist leer", comment: "Shown with no items"),
    ]
    do {
      let new = try TableEditor.apply(edits, to: bytes, kind: .strings, path: path)
      try AtomicFile.writeIfChanged(new, to: path)  // an unchanged file is not written
    } catch {
      print(error)  // Localization/Acme/de.lproj/Localizable.strings:3:11: the value of "title" is a dictionary, …
    }
    return printed
  }

  @Test func theDocumentedExampleSetsValuesAndKeepsTheRest() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-editing-\(UUID())").path + "/"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let lproj = folder + "Localization/Acme/de.lproj"
    try FileManager.default.createDirectory(atPath: lproj, withIntermediateDirectories: true)
    let file = lproj + "/Localizable.strings"
    let original = "/* Greeting on the home screen */\r\n\"title\" = \"Willkommen\";\r\n"
    try Data(original.utf8).write(to: URL(fileURLWithPath: file))

    #expect(runExample(in: folder).isEmpty)
    let expected =
      "/* Greeting on the home screen */\r\n\"title\" = \"Willkommen bei Acme\";\r\n\r\n"
      + "/* Shown with no items */\r\n\"cart.empty\" = \"Ihr Warenkorb ist leer\";\r\n"
    #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self) == expected)
    // Again: nothing to change.
    #expect(runExample(in: folder).isEmpty)
    #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self) == expected)
    // A value the edit cannot replace: the error names its place.
    try Data("/* x */\n\n\"title\" = { a = b; };\n".utf8).write(to: URL(fileURLWithPath: file))
    let printed = runExample(in: folder)
    #expect(printed.count == 1)
    #expect(
      printed.first?.hasSuffix(
        "Localizable.strings:3:11: the value of \"title\" is a dictionary, not a string; "
          + "a translation cannot replace it: make it a string first") == true)
  }
}
