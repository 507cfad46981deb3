import Foundation
import PackagePlugin

/// Where a target's `locmerge.json` is: in the target's folder, else at the package root.
enum ProjectFileLocation {
  static let fileName = "locmerge.json"

  /// The project file for a target; the target's own folder wins.
  /// - Throws: ``Missing`` naming both places looked at.
  static func find(target: String, targetFolder: URL, packageFolder: URL) throws -> URL {
    let candidates = [targetFolder, packageFolder].map { $0.appending(path: fileName, directoryHint: .notDirectory) }
    if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) { return found }
    throw Missing(target: target, candidates: candidates.map(\.path))
  }

  /// No project file where the plugin looks.
  struct Missing: Error, CustomStringConvertible {
    var target: String
    var candidates: [String]

    var description: String {
      "LocMergePlugin: target '\(target)' has no \(fileName): looked for \(candidates.joined(separator: " and ")); "
        + "create one with 'locmerge init' (an entry named '\(target)' lists the target's layers)"
    }
  }
}
