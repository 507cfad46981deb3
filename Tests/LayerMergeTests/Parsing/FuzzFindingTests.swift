import Foundation
import LayerMerge
import Testing

/// Inputs the fuzzer (.ci/fuzz) found, each now read as Foundation reads it or refused with the
/// documented reason.
@Suite struct FuzzFindingTests {
  static func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(index, offsetBy: 2)
      bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
      index = next
    }
    return bytes
  }

  static let plist = "<plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>\n"

  @Test func documentTypeSubsetsAreReadAsCFReadsThem() throws {
    let found = Self.hex(
      "3c3f786d6c2076657273696f6e3d01042e302220656e636f64696e673d225554462d38223f3e0a3c21444f43545950452070706973742050"
        + "ffffffffffffffffffffffff5b5c745d5b5c765d5b5c5c5d5b5c225d5b5cffffffffffffff7273696f6e3d22312e30223e0a3c6469"
        + "63743e0a093c6b65793e613c2f6b65793e0a093c737472696e673e623c2f737472696e673e0a3c2f646963743e0a3c2f706c6973743e0a"
    )
    var inputs = [found]
    for subset in [
      "[]", "[ ]", "[\n<!ELEMENT plist ANY>\n]", "[ %x; ]", "[<?pi x?>]", "[<!-- c -->]", "[x]", "[<x>]", "[] x",
      "[<!ELEMENT", "[%x", "[",
    ] {
      inputs.append(Array("<?xml version=\"1.0\"?>\n<!DOCTYPE plist \(subset)>\n\(Self.plist)".utf8))
    }
    for bytes in inputs {
      let parsed = LocalizationFileReader.parse(bytes, path: "dtd.stringsdict", kind: .stringsdict)
      try AgreementCheck.expectAgreement(
        parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: false)
    }
  }

  @Test func anEmptyPlistElementIsRejectedAsCFRejectsIt() throws {
    let found = Self.hex(
      "3c3f7c6d6c2076657273696f6e3d22312e302220010000000000003c656e636f64696e673d225554462d38223f3e0a3c706c69737420"
        + "76965273696f6e3d22313c737472696e672f6b65792f646963743e0a3c2f706c6973743e0a")
    for bytes in [
      found, Array("<plist version=\"1.0\"></plist>".utf8), Array("<plist version=\"1.0\"><!-- c --></plist>".utf8),
      Array("<plist a=\"<\"><dict/></plist>".utf8),
    ] {
      let parsed = LocalizationFileReader.parse(bytes, path: "empty.stringsdict", kind: .stringsdict)
      try AgreementCheck.expectAgreement(
        parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: false)
    }
  }

  /// CF skips a processing instruction before the root element from after its "<?", and inside an
  /// element from its "?", so "<?>" ends itself only inside one (found by the fuzzer in a dict);
  /// before the root element it also skips one byte more after a comment's "<!--".
  @Test func processingInstructionsAndCommentsAreSkippedAsCFSkipsThem() throws {
    let pair = "<key>a</key><string>b</string>"
    var inputs: [String] = []
    for instruction in ["<?>", "<??>", "<?x?>", "<? ?>", "<?>?>", "<?x", "<!---->", "<!--->", "<!-- -->", "<!--x-->"] {
      inputs.append("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict>\(instruction)\(pair)</dict></plist>\n")
      inputs.append("<plist version=\"1.0\"><dict>\(pair)\(instruction)</dict></plist>\n")
      inputs.append("<plist version=\"1.0\">\(instruction)<dict>\(pair)</dict></plist>\n")
      inputs.append("\(instruction)\n<plist version=\"1.0\"><dict>\(pair)</dict></plist>\n")
      inputs.append("<dict>\(pair)\(instruction)")
    }
    for text in inputs {
      let bytes = Array(text.utf8)
      let parsed = LocalizationFileReader.parse(bytes, path: "pi.stringsdict", kind: .stringsdict)
      try AgreementCheck.expectAgreement(
        parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: nil)
    }
  }

  /// Every input the fuzzer stopped on, as saved in `Tests/Fuzz/Findings`.
  static let findings: [URL] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fuzz/Findings")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }
  }()

  @Test func everySavedFindingAgreesWithFoundationOrIsADocumentedRefusal() throws {
    #expect(Self.findings.count >= 5)
    for file in Self.findings {
      let bytes = [UInt8](try Data(contentsOf: file))
      let parsed = LocalizationFileReader.parse(bytes, path: file.lastPathComponent, kind: .strings)
      if parsed.diagnostics.contains(where: { $0.code == .encoding && $0.message.contains("locmerge reads XML") }) {
        continue
      }
      try AgreementCheck.expectAgreement(
        parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: nil)
    }
  }

  @Test func startTagsAreReadAsCFReadsThem() throws {
    let tags = [
      "<string\t\t\t<junk>x</string>", "<string attr='1'>x</string>", "<string/>", "<string />", "<stringx>x</stringx>",
      "<string/x>x</string>", "<>", "<true foo/>", "<true/ >", "<dict a=b><key>k</key><string>v</string></dict>",
      "<key>k</key>", "<integer\n>1</integer>",
    ]
    for tag in tags {
      for wrapped in [
        "<plist version=\"1.0\"><dict><key>a</key>\(tag)</dict></plist>", "<plist version=\"1.0\">\(tag)</plist>",
        tag, "<plistx><dict/></plistx>", "<plist/x><dict/></plist>",
      ] {
        let bytes = Array(wrapped.utf8)
        let parsed = LocalizationFileReader.parse(bytes, path: "tag.stringsdict", kind: .stringsdict)
        try AgreementCheck.expectAgreement(
          parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: nil)
      }
    }
  }

  @Test func processingInstructionsAndEncodingNamesAreReadAsCFReadsThem() throws {
    var documents = ["<?>?x?>", "<??>", "<?a?>", "<?x"].map { $0 + Self.plist }
    for padding in [53, 54, 55, 56] {
      let name = "UTF" + String(repeating: " ", count: padding) + "-8"
      documents.append("<?xml version=\"1.0\" encoding=\"\(name)\"?>\n" + Self.plist)
    }
    for document in documents {
      let bytes = Array(document.utf8)
      let parsed = LocalizationFileReader.parse(bytes, path: "pi.stringsdict", kind: .stringsdict)
      try AgreementCheck.expectAgreement(
        parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: nil)
    }
  }

  @Test func characterReferencesAreReadAsCFReadsThem() throws {
    for reference in [
      "&#X41;", "&#x41;", "&#65;", "&#x;", "&#;", "&#x1F600;", "&#128512;", "&#x0001F600;", "&#x00001F600;",
      "&#12345678;", "&#123456789;", "&#xD800;", "&#x110000;", "&#xg;", "&#6a;",
    ] {
      let bytes = Array("<plist version=\"1.0\"><dict><key>a</key><string>\(reference)</string></dict></plist>".utf8)
      let parsed = LocalizationFileReader.parse(bytes, path: "ref.stringsdict", kind: .stringsdict)
      try AgreementCheck.expectAgreement(
        parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: nil)
    }
  }

  @Test func anXMLEncodingWeDoNotReadIsAnEncodingErrorThatSaysSo() {
    let bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n\(Self.plist)".utf8)
    let parsed = LocalizationFileReader.parse(bytes, path: "utf7.strings", kind: .strings)
    #expect(parsed.diagnostics.map(\.code) == [.encoding])
    #expect(
      parsed.diagnostics.first?.message
        == "the XML declaration names the encoding 'UTF-7'; locmerge reads XML property lists only in UTF-8 or "
        + "ISO Latin-1 (Apple's reader knows more encodings): save the file as UTF-8")
  }
}
