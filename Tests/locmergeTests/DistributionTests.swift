import Foundation
import Testing

/// What the shipped binary is made of: the library and the command-line tool use the standard
/// library, Glibc/Darwin and Dispatch only (Foundation alone makes a static binary of 59 MB
/// stripped; docs/performance.md).
@Suite struct DistributionTests {
  @Test func theShippedTargetsImportNoFoundation() throws {
    var offenders: [String] = []
    for target in ["Sources/LayerMerge", "Sources/locmerge"] {
      let root = ToolRunner.packageRoot.appendingPathComponent(target)
      let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
      for case let file as URL in walker where file.pathExtension == "swift" {
        let text = try String(contentsOf: file, encoding: .utf8)
        for line in text.split(separator: "\n")
        where line.trimmingCharacters(in: .whitespaces).hasPrefix("import Foundation")
          || line.contains("import FoundationEssentials")
        {
          offenders.append("\(target)/\(file.lastPathComponent): \(line)")
        }
      }
    }
    #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
  }
}
