import Foundation
import LayerMerge
import TestSupport
import Testing

/// Our reader against Foundation on every `.strings` and `.stringsdict` file of `shared/corpus`.
@Suite struct CorpusAgreementTests {
  static let files = SharedFolder.files(under: "corpus", extensions: ["strings", "stringsdict"])

  @Test(SharedFolder.required) func corpusIsPresent() throws {
    try #require(SharedFolder.isAvailable, Comment(rawValue: SharedFolder.skipMessage))
    #expect(Self.files.count > 1000)
  }

  @Test(SharedFolder.required) func everyCorpusFileAgreesWithFoundation() throws {
    try #require(SharedFolder.isAvailable, Comment(rawValue: SharedFolder.skipMessage))
    var checked = 0
    for file in Self.files {
      let bytes = [UInt8](try Data(contentsOf: file))
      let parsed = LocalizationFileReader.parse(
        bytes, path: file.path, kind: LocalizationFileKind(path: file.path) ?? .strings)
      // The corpus holds real, shipping files: none is silently truncated.
      try AgreementCheck.expectAgreement(
        parsed, with: FoundationOracle.verdict(for: bytes), bytes: bytes, expectTruncation: false)
      checked += 1
    }
    #expect(checked == Self.files.count)
  }
}
