import Foundation
import LayerMerge
import Testing

/// Binary property-list tables read without Foundation give what Foundation's reader gives.
@Suite struct BinaryTableTests {
  static let exampleTables: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/WhiteLabel")
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    return walker.compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }
      .sorted()
  }()

  @Test func everyExampleTableConvertedByFoundationReadsBackEqual() throws {
    #expect(Self.exampleTables.count >= 30)
    for path in Self.exampleTables {
      let text = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      let object = try PropertyListSerialization.propertyList(from: Data(text), options: [], format: nil)
      let binary = [UInt8](try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0))
      let kind: LocalizationFileKind = path.hasSuffix(".stringsdict") ? .stringsdict : .strings
      let parsed = LocalizationFileReader.parse(binary, path: path, kind: kind)
      #expect(parsed.syntax == .binary)
      #expect(parsed.diagnostics.isEmpty, "\(path): \(parsed.diagnostics)")
      #expect(parsed.table.values == LocalizationFileReader.parse(text, path: path, kind: kind).table.values, "\(path)")
    }
  }

  @Test func aBinaryListThatIsNotATableIsAnError() throws {
    let array = [UInt8](try PropertyListSerialization.data(fromPropertyList: ["a", "b"], format: .binary, options: 0))
    let parsed = LocalizationFileReader.parse(array, path: "a.strings", kind: .strings)
    #expect(parsed.diagnostics.map(\.code) == [.notADictionary])
    let broken = Array("bplist00".utf8) + [0xD1, 0x01]
    let corrupt = LocalizationFileReader.parse(broken, path: "b.strings", kind: .strings)
    #expect(corrupt.diagnostics.map(\.code) == [.syntax])
    #expect(corrupt.diagnostics.first?.message.hasPrefix("malformed binary property list") == true)
  }
}
