import Foundation
import PackagePlugin

/// The build command, and what keeps its declared files current.
///
/// `swift build` keeps its build plan, and does not ask the plugin again, until Package.swift or
/// a target's folder changes; a table or language added to a layer would be merged but not
/// declared, and so left out of the bundle. So the command (it runs when a table, the project
/// file or a layer folder changes) first asks `locmerge files` again. If the answer differs from
/// the one the build was planned with, it fails, and leaves a new file in a folder SwiftPM
/// watches between builds (a prebuild command's output folder): the next build plans again and
/// declares the new tables. Xcode and Swift Build ask the plugin at every build; there the
/// answers never differ.
enum CheckedBuild {
  /// The target's code: `build --sources FOLDER` checks the keys it looks up (`missing-key`).
  struct Code {
    /// The target's source folder.
    var folder: URL
    /// Its source files, inputs of the command.
    var files: [URL]
  }

  static func command(
    tool: URL, projectFile: URL, target: String, planned: TargetFiles, work: WorkFolder, code: Code
  ) -> Command {
    let message =
      "error: LocMergePlugin: the tables of '\(target)' changed since this build was planned (a table, language or "
      + "layer was added, removed or renamed); the next build plans again: build again"
    // Paths come in as positional parameters, never spliced into the script. The first command
    // is the one the plugin ran while planning (TargetFiles.arguments).
    let script = """
      tool=$1 config=$2 target=$3 destination=$4 state=$5 planned=$6 current=$7 replan=$8 message=$9 sources=${10}
      "$tool" files --json --config "$config" --target "$target" --catalogs compiled > "$current" || exit 1
      if ! cmp -s "$planned" "$current"; then
        mkdir -p "$replan" && : > "$replan/changed-$(date +%s)-$$"
        printf '%s\\n' "$message" >&2
        sed 's/,$//' "$planned" > "$current.planned" && sed 's/,$//' "$current" > "$current.now"
        diff "$current.planned" "$current.now" | sed -n 's/^< *\\(".*\\)$/  no longer: \\1/p; s/^> *\\(".*\\)$/  now also: \\1/p' >&2
        exit 1
      fi
      exec "$tool" build --config "$config" --target "$target" -d "$destination" --state "$state" --catalogs compiled \\
        --sources "$sources"
      """
    let parameters: [String] = [
      tool.path, projectFile.path, target, work.destination.path, work.state.path, work.plannedFiles.path,
      work.currentFiles.path, work.replan.path, message, code.folder.path,
    ]
    let tables: [URL] = planned.inputs.map { URL(fileURLWithPath: $0) }
    return .buildCommand(
      displayName: "locmerge: merging the localization of \(target)",
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", script, "sh"] + parameters,
      inputFiles: [tool] + tables + planned.layerFolders + code.files,
      outputFiles: planned.outputs.map { work.destination.appending(path: $0) })
  }

  /// Empties the watched folder as SwiftPM plans the build, so that it holds nothing SwiftPM
  /// would take as a resource (the files a prebuild command leaves become the target's).
  static func replanWatch(_ work: WorkFolder) -> Command {
    .prebuildCommand(
      displayName: "locmerge: clearing \(work.replan.lastPathComponent)",
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", "mkdir -p \"$1\" && rm -f \"$1\"/changed-*", "sh", work.replan.path],
      outputFilesDirectory: work.replan)
  }
}
