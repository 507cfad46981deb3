import Foundation
import Testing

@testable import LayerMerge

/// The fuzz target's self-consistency check (``SourceScanAgreement``) on real code: every Swift
/// file of this package, and each scanner test's sources, scan the same with spaces and comments
/// inserted between their tokens.
@Suite struct SourceScanAgreementTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func thisPackagesSwiftFilesScanTheSameWithTrivia() throws {
    var files = 0
    for folder in ["Sources", "Tests"] {
      let enumerator = FileManager.default.enumerator(
        at: Self.packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let file = enumerator?.nextObject() as? URL {
        guard file.pathExtension == "swift" else { continue }
        let bytes = Array(try Data(contentsOf: file))
        files += 1
        let problem = SourceScanAgreement.problem(bytes, .swift, helpers: [swiftGenHelper, propertyHelper])
        #expect(problem == nil, "\(file.lastPathComponent): \(problem ?? "")")
      }
    }
    #expect(files > 100)
  }

  @Test(arguments: SourceScannerFormTests.swiftCases + SourceScannerFormTests.objectiveCCases)
  func everyFormScansTheSameWithTrivia(_ c: SourceScannerFormTests.Case) {
    let source = Array(SourceScannerFormTests.file(c, indent: "").utf8)
    #expect(SourceScanner(helpers: c.helpers).scan(source, language: c.language).count == 1)
    #expect(SourceScanAgreement.problem(source, c.language, helpers: c.helpers) == nil)
  }

  /// Found by the fuzzer: trivia after an unterminated literal, before its line break, became part
  /// of it (a flaw of the check, not of the scanner).
  @Test func nothingIsInsertedBeforeTheBreakThatEndsALiteral() {
    let source = Array("NSLocalizedString(@\"a\" Table\", self.bundle, nil);\n  return x;".utf8)
    #expect(SourceScanAgreement.problem(source, .objectiveC) == nil)
    #expect(SourceScanAgreement.problem(Array("NSLocalizedString(\"a\" + \"open\n  return x".utf8), .swift) == nil)
  }

  /// Found by CI's fuzz run: likewise after an unclosed quoted identifier, which runs to the line
  /// break (a dynamic table's text took in the comment).
  @Test func nothingIsInsertedBeforeTheBreakThatEndsAQuotedIdentifier() {
    let source = Array("Bundle.main.localizedString(forKey: \"k\", value: nil, table:` nil)\nlet x = 1".utf8)
    #expect(SourceScanAgreement.problem(source, .swift) == nil)
  }

  @Test func theInsertionsChangeTheBytes() {
    let source = Array(#"NSLocalizedString(key + "a", comment: "b")"#.utf8)
    let spaced = SourceScanAgreement.withTrivia(source, .swift)
    #expect(spaced != source)
    #expect(String(decoding: spaced, as: UTF8.self).contains("/* c */"))
  }
}
