extension ProjectFile {
  /// One target's `.xcfilelist`s: where they go and what they say.
  public struct TargetFileLists: Hashable, Sendable {
    /// The target's name.
    public var target: String
    /// The input list: every table file the target's merge reads, and the project file.
    public var inputs: CompanionFile
    /// The output list: every file the merge writes in the destination, and its record, stamp
    /// and lock where they are (in the state folder).
    public var outputs: CompanionFile
  }

  /// Every target's file lists, as `locmerge files` writes them, found by scanning the layers
  /// without reading the tables. Paths under `srcroot` are written as `$(SRCROOT)/…`, and a
  /// destination or state folder that starts with a build setting keeps it
  /// (`$(DERIVED_FILE_DIR)/LocMerge/…`), so the lists are the same on every machine.
  /// - Parameters:
  ///   - targets: Targets of this project.
  ///   - environment: Build settings the list paths may use.
  ///   - srcroot: The folder written as `$(SRCROOT)`; the project folder when `nil`.
  ///   - options: The merge options (the tables they exclude are not listed); the project's when `nil`.
  /// - Returns: Each target's lists, in the order of `targets`.
  /// - Throws: A ``SelectionError`` for a target without a destination, or a list path that uses
  ///   an unset build setting.
  public func fileLists(
    for targets: [Target], environment: [String: String] = [:], srcroot: String? = nil, options: MergeOptions? = nil
  ) throws(SelectionError) -> [TargetFileLists] {
    let root = srcroot ?? folder
    var result: [TargetFileLists] = []
    for target in targets {
      guard let template = target.destination ?? destination else {
        throw .noDestination(target: target.name)
      }
      let destination = listed(template, for: target)
      let state = (target.state ?? self.state).map { listed($0, for: target) }
      let planned = plannedFiles(of: target, options: options)
      let outputs =
        planned.outputs.map { destination + "/" + $0 }
        + OutputPlan.bookkeepingPaths(destination: destination, state: state)
      func listPath(_ list: PathTemplate) throws(SelectionError) -> String {
        do throws(PathTemplate.UnsetSettings) {
          return PathText.join(folder, try list.expanded(target: target.name, environment: environment))
        } catch {
          throw .unsetSettingsInFileList(target: target.name, path: list.text, names: error.names)
        }
      }
      result.append(
        TargetFileLists(
          target: target.name,
          inputs: CompanionFile(
            path: try listPath(fileLists.inputs),
            bytes: Array(BuildManifest.xcfilelist(planned.inputs, title: "Input files", srcroot: root).utf8)),
          outputs: CompanionFile(
            path: try listPath(fileLists.outputs),
            bytes: Array(BuildManifest.xcfilelist(outputs, title: "Output files", srcroot: root).utf8))))
    }
    return result
  }

  // MARK: - Private

  /// A destination or state folder as a list names it: one that starts with a build setting stays
  /// symbolic (Xcode expands it), any other is resolved against the project folder.
  private func listed(_ template: PathTemplate, for target: Target) -> String {
    let written = template.replacingTarget(with: target.name)
    return written.hasPrefix("$(") ? written : DestinationSafety.canonicalPath(PathText.join(folder, written))
  }
}
