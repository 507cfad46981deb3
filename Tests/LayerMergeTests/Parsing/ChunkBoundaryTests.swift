import Foundation
import Testing

@testable import LayerMerge

/// The reader and the writer skip text sixteen bytes at a time and then find the byte that stops
/// them inside the chunk. These tests put that byte at every offset across two chunks.
@Suite struct ChunkBoundaryTests {
  /// Bytes that stop the string scan or need an escape in output: how a file may spell them, the
  /// value, and how the writer spells them.
  static let stops: [(name: String, source: String, value: String, written: String)] = [
    ("quote", "\\\"", "\"", "\\\""), ("backslash", "\\\\", "\\", "\\\\"), ("line feed", "\n", "\n", "\\n"),
    ("carriage return", "\r", "\r", "\\r"), ("CRLF", "\r\n", "\r\n", "\\r\\n"), ("tab", "\t", "\t", "\\t"),
    ("control", "\\U001B", "\u{1B}", "\\U001B"), ("delete", "\u{7F}", "\u{7F}", "\\U007F"),
    ("other quote", "'", "'", "'"),
  ]

  @Test(arguments: stops.map(\.name))
  func stopByteAtEveryOffsetReadsAsFoundationDoes(_ name: String) throws {
    let stop = try #require(Self.stops.first { $0.name == name })
    for offset in 0..<40 {
      let prefix = String(repeating: "é", count: offset / 3) + String(repeating: "a", count: offset - offset / 3 * 2)
      let text = "\"key\" = \"\(prefix)\(stop.source)tail of the value\";\n\"next\" = \"\(prefix)\";\n"
      let bytes = Array(text.utf8)
      let parsed = LocalizationFileReader.parse(bytes, path: "chunk.strings", kind: .strings)
      try AgreementCheck.expectAgreement(
        parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: false)
      #expect(parsed.table["key"]?.value == .string(prefix + stop.value + "tail of the value"))
      // Line breaks inside the value are counted even when they sit inside a skipped chunk.
      let breaks = stop.value.contains("\r\n") ? 1 : stop.value.filter { $0 == "\n" || $0 == "\r" }.count
      #expect(parsed.table["next"]?.position == TextPosition(line: 2 + breaks, column: 1), "offset \(offset)")
    }
  }

  @Test(arguments: stops.map(\.name))
  func escapeAtEveryOffsetSurvivesARoundTrip(_ name: String) throws {
    let stop = try #require(Self.stops.first { $0.name == name })
    for offset in 0..<40 {
      let value = String(repeating: "x", count: offset) + stop.value + String(repeating: "y", count: 40 - offset)
      let table = LocalizationTable([LocalizationEntry(key: "k\(offset)", string: value)])
      let bytes = StringsFileWriter.data(for: table)
      let expected = String(repeating: "x", count: offset) + stop.written + String(repeating: "y", count: 40 - offset)
      #expect(String(decoding: bytes, as: UTF8.self) == "\"k\(offset)\" = \"\(expected)\";\n", "offset \(offset)")
      let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
      #expect((object as? [String: String])?["k\(offset)"] == value, "offset \(offset)")
      #expect(LocalizationFileReader.parse(bytes, path: "w.strings", kind: .strings).table == table)
    }
  }
}
