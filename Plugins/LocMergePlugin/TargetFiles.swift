import Foundation
import PackagePlugin

/// A target's files, as `locmerge files --json` prints them.
struct TargetFiles: Decodable {
  var name: String
  /// The layer folders, base first, absolute.
  var layers: [String]
  /// Absolute paths: every table and catalog of the stack, and the project file.
  var inputs: [String]
  /// Paths of the merged tables relative to the destination.
  var outputs: [String]

  /// The arguments of `locmerge files` for one target, at planning time and again when the build
  /// command runs: the two answers are compared byte for byte.
  static func arguments(projectFile: URL, target: String) -> [String] {
    ["files", "--json", "--config", projectFile.path, "--target", target, "--catalogs", "compiled"]
  }

  /// Runs `locmerge files --json` for one target of the project file; its output stays in
  /// ``WorkFolder/plannedFiles``.
  /// - Throws: ``ToolRun/Failed`` after passing the tool's diagnostics on to SwiftPM.
  static func plan(tool: URL, projectFile: URL, target: String, work: WorkFolder) throws -> TargetFiles {
    let run = try ToolRun.run(
      tool, arguments: arguments(projectFile: projectFile, target: target), output: work.plannedFiles,
      errors: work.planningErrors)
    guard run.status == 0 else {
      run.reportDiagnostics()
      throw ToolRun.Failed(
        message: "LocMergePlugin: 'locmerge files' failed for target '\(target)' (exit status \(run.status)); "
          + "its layers are the entry named '\(target)' in \(projectFile.path)")
    }
    struct Listing: Decodable { var targets: [TargetFiles] }
    let listing = try JSONDecoder().decode(Listing.self, from: run.output)
    guard let files = listing.targets.first(where: { $0.name == target }) else {
      throw ToolRun.Failed(message: "LocMergePlugin: 'locmerge files --json' did not list target '\(target)'")
    }
    return files
  }

  /// Every folder of every layer (hidden ones aside), for the build command's inputs: a folder
  /// changes when a table or language is added, removed or renamed in it, and the command then
  /// runs and sees that the plan no longer holds. More folders than the tool reads do no harm.
  var layerFolders: [URL] {
    var folders: [URL] = []
    for layer in layers {
      let root = URL(fileURLWithPath: layer, isDirectory: true)
      folders.append(root)
      let walk = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
      while let item = walk?.nextObject() as? URL {
        if (try? item.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { folders.append(item) }
      }
    }
    return folders
  }
}
