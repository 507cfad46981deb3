import Foundation
import LayerMerge
import TestSupport
import Testing

/// The binary property-list reader against Foundation: files Foundation wrote, files built byte by
/// byte for each rule, and every truncation and many corruptions of them.
@Suite struct BinaryPropertyListReaderTests {
  /// The project's own tables: every table of the example, and a few written here.
  static let ownTables: [(name: String, bytes: [UInt8])] = {
    let example = SharedFolder.packageRoot.appendingPathComponent("Examples/WhiteLabel")
    var tables: [(String, [UInt8])] = []
    if let walker = FileManager.default.enumerator(at: example, includingPropertiesForKeys: nil) {
      for case let file as URL in walker where ["strings", "stringsdict"].contains(file.pathExtension) {
        if let data = FileManager.default.contents(atPath: file.path) { tables.append((file.path, [UInt8](data))) }
      }
    }
    let inline = [
      "\"a\" = \"b\";\n\"é\" = \"😀\";\n\"k\" = \"x\\UD83Dy\";\n",
      "{ a = (1, 2, <0aff>); b = { c = d; }; \"\" = \"\"; }",
      "\"long\" = \"\(String(repeating: "0123456789", count: 40))\";\n\"n\" = \"\(String(repeating: "ü", count: 300))\";\n",
    ]
    return tables.sorted { $0.0 < $1.0 } + inline.enumerated().map { ("inline-\($0.offset)", Array($0.element.utf8)) }
  }()

  /// The tables converted to binary by Foundation.
  static func binary(_ bytes: [UInt8]) throws -> [UInt8] {
    let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
    return [UInt8](try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0))
  }

  @Test func ownTablesConvertedByFoundationReadBackEqual() throws {
    #expect(Self.ownTables.count >= 20)
    for (name, text) in Self.ownTables {
      let bytes = try Self.binary(text)
      let parsed = LocalizationFileReader.parse(bytes, path: name, kind: .strings)
      #expect(parsed.syntax == .binary, "\(name)")
      #expect(!parsed.hasErrors, "\(name): \(parsed.diagnostics)")
      let fromText = LocalizationFileReader.parse(text, path: name, kind: .strings)
      #expect(parsed.table.values == fromText.table.values, "\(name)")
      try AgreementCheck.expectAgreement(
        parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: false)
    }
  }

  @Test(SharedFolder.required) func everyVectorAndCorpusFileConvertedByFoundationReadsBackEqual() throws {
    try #require(SharedFolder.isAvailable, Comment(rawValue: SharedFolder.skipMessage))
    let files = [
      "formats/vectors", "formats/vectors2", "formats/vectors3", "formats/vectors4", "formats/vectors5", "corpus",
    ]
    .flatMap { SharedFolder.files(under: $0, extensions: ["strings", "stringsdict"]) }
    var converted = 0
    for file in files {
      let text = [UInt8](try Data(contentsOf: file))
      guard let bytes = try? Self.binary(text) else { continue }  // Foundation rejects the text
      let parsed = LocalizationFileReader.parse(bytes, path: file.path, kind: .strings)
      try AgreementCheck.expectAgreement(
        parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: false)
      converted += 1
    }
    #expect(converted > 1000)
  }

  @Test func everyTruncationAndCorruptionIsAnErrorOrAgreesWithFoundation() throws {
    var generator = SeededGenerator(seed: 0xB1_7A4E)
    var checked = 0
    for (_, text) in Self.ownTables {
      let bytes = try Self.binary(text)
      var inputs = (0..<bytes.count).map { Array(bytes[..<$0]) }
      for _ in 0..<300 {
        var corrupted = bytes
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
          corrupted[Int.random(in: 0..<corrupted.count, using: &generator)] = UInt8.random(
            in: 0...255, using: &generator)
        }
        inputs.append(corrupted)
      }
      for input in inputs {
        let parsed = LocalizationFileReader.parse(input, path: "fuzzed.strings", kind: .strings)
        // Foundation on Linux crashes bridging a set; we refuse sets before asking it.
        if parsed.diagnostics.contains(where: { $0.code == .unsupportedValue }) { continue }
        try AgreementCheck.expectAgreement(
          parsed, with: FoundationOracle.verdict(for: input), bytes: input, expectTruncation: nil)
        checked += 1
      }
    }
    #expect(checked > 10_000)
  }

  @Test func readsEveryObjectKindAsFoundationDoes() throws {
    let b = BinaryPlistBytes.self
    let cases: [(String, [UInt8], LocalizationValue)] = [
      (
        "first of two equal keys wins", b.build([[0xD2, 1, 1, 2, 3], b.ascii("a"), b.ascii("x"), b.ascii("y")]),
        .string("x")
      ),
      ("ASCII strings are Latin-1", b.dictionary(value: [0x52, 0x41, 0xE9]), .string("Aé")),
      ("UTF-16 with a lone surrogate", b.dictionary(value: [0x62, 0xD8, 0x3D, 0x00, 0x41]), .string("\u{FFFD}A")),
      ("1-byte integer", b.dictionary(value: [0x10, 0xFF]), .integer(255)),
      ("4-byte integers are unsigned", b.dictionary(value: [0x12, 0xFF, 0xFF, 0xFF, 0xFF]), .integer(4_294_967_295)),
      (
        "8-byte integers are signed", b.dictionary(value: [0x13] + Array(repeating: 0xFF, count: 7) + [0xFE]),
        .integer(-2)
      ),
      (
        "16-byte integers keep the low 64 bits", b.dictionary(value: [0x14] + Array(repeating: 0, count: 15) + [5]),
        .integer(5)
      ),
      ("32-bit real", b.dictionary(value: [0x22, 0x3F, 0xC0, 0, 0]), .real(1.5)),
      (
        "64-bit real", b.dictionary(value: [0x23, 0x40, 0x09, 0x21, 0xFB, 0x54, 0x44, 0x2D, 0x18]),
        .real(3.141592653589793)
      ),
      ("false", b.dictionary(value: [0x08]), .boolean(false)),
      ("data", b.dictionary(value: [0x42, 0x0A, 0xFF]), .data([0x0A, 0xFF])),
      (
        "long ASCII with an integer length", b.dictionary(value: [0x5F, 0x10, 16] + Array(repeating: 0x41, count: 16)),
        .string(String(repeating: "A", count: 16))
      ),
      (
        "a 128-byte length keeps its low 64 bits",
        b.dictionary(value: [0x5F, 0x17] + Array(repeating: 0, count: 127) + [3, 0x41, 0x42, 0x43]), .string("ABC")
      ),
      // CF passes the length's size to `_getSizedInt` as a byte: 256 bytes read as none, so 0
      // (found by the corruption test when Foundation's binary put a string's length there).
      (
        "a 256-byte length reads as 0", b.dictionary(value: [0x5F, 0x18] + Array(repeating: 7, count: 256)), .string("")
      ),
      (
        "a 512-byte length of data reads as 0", b.dictionary(value: [0x4F, 0x19] + Array(repeating: 7, count: 512)),
        .data([])
      ),
    ]
    for (name, bytes, expected) in cases {
      let parsed = LocalizationFileReader.parse(bytes, path: "t.strings", kind: .stringsdict)
      #expect(parsed.table.values == ["a": expected], "\(name): \(parsed.diagnostics)")
      guard case .dictionary(let foundation) = FoundationOracle.verdict(for: bytes) else {
        Issue.record("Foundation rejects \(name)")
        continue
      }
      #expect(foundation == ["a": expected], "Foundation reads \(name) differently")
    }
  }

  @Test func datesAreWrittenAsISO8601DateFormatterWritesThem() throws {
    var generator = SeededGenerator(seed: 0xDA7E)
    var times: [Double] = [
      0, 12.75, -0.5, -1, 0.9999999, -1e-9, 1e9, -13_197_600_000, 252_423_993_599, 0.0005, -0.0005,
    ]
    for _ in 0..<2000 { times.append(Double.random(in: -13_197_600_000...252_423_993_599, using: &generator)) }
    for _ in 0..<500 { times.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 1000) }
    for time in times {
      let bytes = BinaryPlistBytes.dictionary(
        value: [0x33] + BinaryPlistBytes.bigEndian(Int(bitPattern: UInt(time.bitPattern)), size: 8))
      let expected = ISO8601DateFormatter().string(from: Date(timeIntervalSinceReferenceDate: time))
      let parsed = LocalizationFileReader.parse(bytes, path: "t.strings", kind: .stringsdict)
      #expect(parsed.table.values == ["a": .date(expected)], "time \(time)")
    }
  }

  @Test func valuesNoTableCanHoldAreErrorsWithTheirReason() {
    let b = BinaryPlistBytes.self
    let cases: [(String, [UInt8], String)] = [
      ("null", b.dictionary(value: [0x00]), "a null object"),
      ("UID", b.dictionary(value: [0x80, 0x05]), "a UID object"),
      ("set", b.build([[0xD1, 1, 2], b.ascii("a"), [0xC1, 1]]), "a set object"),
      ("number key", b.build([[0xD1, 1, 2], [0x10, 3], b.ascii("a")]), "a dictionary key that is not a string"),
      ("huge integer", b.dictionary(value: [0x14] + Array(repeating: 0xFF, count: 16)), "an integer above"),
      (
        "date in year 10000",
        b.dictionary(
          value: [0x33] + BinaryPlistBytes.bigEndian(Int(bitPattern: UInt(252_423_993_600.0.bitPattern)), size: 8)),
        "a date before 1582-10-15 or after 9999"
      ),
      (
        "date before the Gregorian reform",
        b.dictionary(
          value: [0x33] + BinaryPlistBytes.bigEndian(Int(bitPattern: UInt((-13_197_600_001.0).bitPattern)), size: 8)),
        "a date before 1582-10-15 or after 9999"
      ),
    ]
    for (name, bytes, reason) in cases {
      let parsed = LocalizationFileReader.parse(bytes, path: "t.strings", kind: .strings)
      #expect(parsed.table.isEmpty, "\(name)")
      #expect(parsed.diagnostics.map(\.code) == [.unsupportedValue], "\(name): \(parsed.diagnostics)")
      #expect(parsed.diagnostics.first?.message.contains(reason) == true, "\(name): \(parsed.diagnostics)")
    }
  }

  @Test func nestingDeeperThanFoundationAllowsIsRejectedAsFoundationRejectsIt() {
    // Arrays nested `depth` levels below the top dictionary, a string at the bottom.
    func nested(_ depth: Int) -> [UInt8] {
      var objects: [[UInt8]] = [[0xD1, 0, 1, 0, 2], BinaryPlistBytes.ascii("a")]
      for _ in 0..<depth { objects.append([0xA1] + BinaryPlistBytes.bigEndian(objects.count + 1, size: 2)) }
      objects.append(BinaryPlistBytes.ascii("b"))
      return BinaryPlistBytes.build(objects, referenceSize: 2, offsetSize: 3)
    }
    for depth in [510, 511, 512, 513, 5000] {
      let bytes = nested(depth)
      let parsed = LocalizationFileReader.parse(bytes, path: "deep.stringsdict", kind: .stringsdict)
      let foundationReadsIt: Bool
      if case .dictionary = FoundationOracle.verdict(for: bytes) {
        foundationReadsIt = true
      } else {
        foundationReadsIt = false
      }
      #expect(foundationReadsIt == (depth <= 511), "depth \(depth)")
      #expect(parsed.hasErrors == !foundationReadsIt, "depth \(depth): \(parsed.diagnostics)")
    }
  }

  @Test func sharedObjectsAreReadOnceAndAnExplodingShareIsRefused() {
    // Object k + 2 is an array holding object k + 1 twice: 60 levels expand to 2^60 values.
    var objects: [[UInt8]] = [[0xD1, 1, 2], BinaryPlistBytes.ascii("a")]
    for level in 0..<60 { objects.append([0xA2, UInt8(level + 3), UInt8(level + 3)]) }
    objects.append(BinaryPlistBytes.ascii("x"))
    let started = ContinuousClock.now
    let parsed = LocalizationFileReader.parse(BinaryPlistBytes.build(objects), path: "t.strings", kind: .stringsdict)
    #expect(ContinuousClock.now - started < .seconds(2))
    #expect(parsed.diagnostics.map(\.code) == [.unsupportedValue], "\(parsed.diagnostics)")
  }

  @Test func bytesThatAreNotABinaryPropertyListAreReadAsTextAsFoundationDoes() throws {
    for text in ["bplist00;", "bplist01 = \"x\";\n", "bplist00 = (\n"] {
      let bytes = Array(text.utf8)
      let parsed = LocalizationFileReader.parse(bytes, path: "t.strings", kind: .strings)
      try AgreementCheck.expectAgreement(
        parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: nil)
    }
    // A valid trailer whose top object is not an object (';') is text too.
    let bytes = BinaryPlistBytes.build([[0x3B, 0x0A]])
    let parsed = LocalizationFileReader.parse(bytes, path: "t.strings", kind: .strings)
    try AgreementCheck.expectAgreement(
      parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: true)
    // When the text fails too, the binary reason is the one shown.
    let broken = LocalizationFileReader.parse(Array("bplist00 x".utf8), path: "t.strings", kind: .strings)
    #expect(
      broken.diagnostics.map(\.description) == [
        "t.strings: error: malformed binary property list: the file is too short for a binary property list"
      ])
  }
}
