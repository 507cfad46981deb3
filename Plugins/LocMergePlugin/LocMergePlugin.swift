import Foundation
import PackagePlugin

/// The SwiftPM build-tool plugin: merges a target's localization layers, as the entry named like
/// the target in `locmerge.json` lists them, into `<lang>.lproj` tables that become the target's
/// localized resources (`Bundle.module`).
///
/// The build command runs `locmerge build`; its inputs and outputs are what `locmerge files --json`
/// prints for the target, run here while SwiftPM plans the build: the tool is the one
/// implementation of which tables a stack writes (for String Catalogs that depends on their
/// content). docs/swiftpm-plugin.md explains the choices.
@main
struct LocMergePlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    let folder = try Self.folder(of: target)
    let project = try ProjectFileLocation.find(
      target: target.name, targetFolder: folder, packageFolder: context.package.directoryURL)
    let tool = try context.tool(named: "locmerge").url
    let work = WorkFolder(context.pluginWorkDirectoryURL)
    guard FileManager.default.isExecutableFile(atPath: tool.path) else {
      return [NotBuiltYet.command(tool: tool, target: target.name)]
    }
    let planned = try TargetFiles.plan(tool: tool, projectFile: project, target: target.name, work: work)
    return [
      CheckedBuild.replanWatch(work),
      CheckedBuild.command(
        tool: tool, projectFile: project, target: target.name, planned: planned, work: work,
        code: CheckedBuild.Code(folder: folder, files: Self.code(of: target))),
    ]
  }

  // MARK: - Private

  /// The target's source files (its code, which `build` checks against its tables): an edit runs
  /// the build command again.
  private static func code(of target: Target) -> [URL] {
    guard let module = target as? SourceModuleTarget else { return [] }
    return module.sourceFiles.filter { $0.type == .source || $0.type == .header }.map(\.url)
  }

  /// The target's folder (`Target.directoryURL` needs tools version 6.1; these have it in 6.0).
  private static func folder(of target: Target) throws -> URL {
    switch target {
    case let swift as SwiftSourceModuleTarget: return swift.directoryURL
    case let clang as ClangSourceModuleTarget: return clang.directoryURL
    default:
      throw ToolRun.Failed(
        message:
          "LocMergePlugin: '\(target.name)' has no sources and so no resources; apply the plugin to a source target")
    }
  }
}
