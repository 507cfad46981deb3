import Foundation
import LayerMerge
import TestSupport
import Testing

/// Our reader against Foundation on every byte-exact vector in `shared/formats`.
@Suite struct ReaderAgreementTests {
  /// Vectors where Foundation silently drops content (FORMATS.md §1.3 and §1.5): garbage after a
  /// complete entry, or an unterminated `/*`. We must report an error there, and nowhere else
  /// where Foundation reads the whole file.
  static let silentlyTruncated: Set<String> = [
    "05_unterminated_block_comment_at_end", "06_unterminated_block_comment_mid",
    "33_trailing_garbage_after_last_entry", "34_garbage_mid_file_truncates", "52_nbsp_after_first_entry",
    "59_double_semicolon", "a07_bom_in_middle", "a08_nel_u0085_between", "e16_only_comment_unterminated",
  ]

  static let vectors: [URL] = ["vectors", "vectors2", "vectors3", "vectors4", "vectors5"].flatMap {
    SharedFolder.files(under: "formats/\($0)", extensions: ["strings", "stringsdict"])
  }

  @Test(SharedFolder.required) func vectorsArePresent() throws {
    try #require(SharedFolder.isAvailable, Comment(rawValue: SharedFolder.skipMessage))
    #expect(Self.vectors.count >= 140)
  }

  @Test(SharedFolder.required, arguments: vectors)
  func agreesWithFoundation(on file: URL) throws {
    let bytes = [UInt8](try Data(contentsOf: file))
    let name = file.deletingPathExtension().lastPathComponent
    let parsed = LocalizationFileReader.parse(
      bytes, path: file.lastPathComponent, kind: LocalizationFileKind(path: file.path) ?? .strings)
    try AgreementCheck.expectAgreement(
      parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes,
      expectTruncation: Self.silentlyTruncated.contains(name))
  }
}

/// The agreement rule shared by vector, corpus and generated-input tests.
enum AgreementCheck {
  static func expectAgreement(
    _ parsed: ParsedFile, with verdict: FoundationOracle.Verdict, bytes: [UInt8], expectTruncation: Bool?,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let errors = parsed.diagnostics.filter { $0.severity == .error }
    // Name the input in every failure: the path, plus the bytes when they are few enough to paste.
    let input =
      "\(parsed.path)" + (bytes.count <= 400 ? " (bytes: \(bytes.map { String(format: "%02x", $0) }.joined()))" : "")
    switch verdict {
    case .dictionary(let values):
      #expect(parsed.isReadByFoundation, "Foundation reads a dictionary: \(input)", sourceLocation: sourceLocation)
      #expect(parsed.table.values == values, "values differ: \(input)", sourceLocation: sourceLocation)
      let truncations = errors.filter { $0.code == .truncated }
      #expect(
        errors.count == truncations.count, "unexpected errors \(errors): \(input)", sourceLocation: sourceLocation)
      if let expectTruncation {
        #expect(
          !truncations.isEmpty == expectTruncation, "truncation error: \(errors): \(input)",
          sourceLocation: sourceLocation)
      }
    case .notADictionary:
      #expect(
        errors.contains { $0.code == .notADictionary }, "\(parsed.diagnostics): \(input)",
        sourceLocation: sourceLocation)
      #expect(parsed.table.isEmpty, "\(input)", sourceLocation: sourceLocation)
    case .rejected(let message):
      if bytes.isEmpty {
        #expect(parsed.diagnostics.map(\.code) == [.emptyFile], sourceLocation: sourceLocation)
      } else {
        #expect(
          errors.contains { $0.code == .syntax || $0.code == .encoding },
          "Foundation rejects (\(message)) but we report \(parsed.diagnostics): \(input)",
          sourceLocation: sourceLocation)
      }
      #expect(parsed.table.isEmpty, sourceLocation: sourceLocation)
      #expect(!parsed.isReadByFoundation, sourceLocation: sourceLocation)
    }
  }
}
