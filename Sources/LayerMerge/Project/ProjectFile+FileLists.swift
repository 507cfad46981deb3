extension ProjectFile {
  /// One target's `.xcfilelist`s: where they go and what they say.
  public struct TargetFileLists: Hashable, Sendable {
    /// The target's name.
    public var target: String
    /// The input list: every table file the target's merge reads, and the project file.
    public var inputs: CompanionFile
    /// The output list: every file the merge writes in the destination, and its record, stamp
    /// and lock where they are (in the state folder); with a state folder, also the folders the
    /// merge creates in the destination (`de.lproj`), which a sandboxed script must declare.
    public var outputs: CompanionFile
  }

  /// Every target's file lists, as `locmerge files` writes them, found by scanning the layers
  /// without reading the tables. Paths under `srcroot` are written as `$(SRCROOT)/…`, and a
  /// destination or state folder that starts with a build setting keeps it
  /// (`$(DERIVED_FILE_DIR)/LocMerge/…`), so the lists are the same on every machine.
  /// - Parameters:
  ///   - targets: Targets of this project.
  ///   - environment: Build settings the list paths may use.
  ///   - srcroot: The folder written as `$(SRCROOT)`; ``sourceRoot`` when `nil`.
  ///   - options: The merge options (the tables they exclude are not listed); the project's when `nil`.
  /// - Returns: Each target's lists, in the order of `targets`.
  /// - Throws: A ``SelectionError`` for a target without a destination, a list path that uses
  ///   an unset build setting, or a path no list can hold (a line break; `$(`, `${` or `$NAME` in a
  ///   folder's name, which Xcode would expand).
  public func fileLists(
    for targets: [Target], environment: [String: String] = [:], srcroot: String? = nil, options: MergeOptions? = nil
  ) throws(SelectionError) -> [TargetFileLists] {
    try fileLists(for: targets, environment: environment, srcroot: srcroot, options: options) { target, options in
      plannedFiles(of: target, options: options)
    }
  }

  /// ``fileLists(for:environment:srcroot:options:)`` with each target's planned files given (a
  /// caller that planned them already, scanning each shared layer once).
  package func fileLists(
    for targets: [Target], environment: [String: String], srcroot: String?, options: MergeOptions?,
    planned plan: (Target, MergeOptions?) -> PlannedFiles
  ) throws(SelectionError) -> [TargetFileLists] {
    let root = srcroot ?? sourceRoot
    let settings = [(name: "SRCROOT", path: root)]
    var result: [TargetFileLists] = []
    for target in targets {
      guard let template = target.destination ?? destination else {
        throw .noDestination(target: target.name)
      }
      let planned = plan(target, options)
      // Outputs under a folder a template names through build settings are written as the template
      // says; the names found on disk in them are checked here, the rest by the list.
      var real: [String] = []
      var symbolic: [String] = []
      func add(_ relatives: [String], under folder: PathTemplate, given: String?) throws(SelectionError) {
        let base = given ?? listed(folder, for: target)
        let paths = relatives.map { PathText.join(base, $0) }
        guard !folder.settings.isEmpty else {
          real += paths
          return
        }
        for piece in [target.name] + relatives {
          if let reason = BuildManifest.expansionProblem(in: piece) {
            throw .unlistablePath(target: target.name, path: PathText.join(base, piece), reason: reason)
          }
        }
        symbolic += paths.map { BuildManifest.symbolicLine(for: $0, settings: settings) }
      }
      let state = target.state ?? self.state
      try add(planned.outputs, under: template, given: nil)
      if state != nil {
        // With the bookkeeping elsewhere, DEST may be the product's resource folder, where user
        // script sandboxing lets a script create only the folders it declares (`de.lproj`).
        try add(Self.folders(of: planned.outputs), under: template, given: nil)
      }
      let bookkeeping = OutputPlan.bookkeepingNames
      if let state {
        try add(bookkeeping, under: state, given: nil)
      } else {
        try add(
          bookkeeping.map { DestinationFolder.bookkeepingName + "/" + $0 }, under: template,
          given: listed(template, for: target))
      }
      func listPath(_ list: PathTemplate) throws(SelectionError) -> String {
        do throws(PathTemplate.UnsetSettings) {
          return PathText.join(folder, try list.expanded(target: target.name, environment: environment))
        } catch {
          throw .unsetSettingsInFileList(target: target.name, path: list.text, names: error.names)
        }
      }
      func list(_ paths: [String], symbolic: [String] = [], title: String) throws(SelectionError) -> [UInt8] {
        do throws(BuildManifest.UnrepresentablePath) {
          return Array(try BuildManifest.xcfilelist(paths, title: title, settings: settings, symbolic: symbolic).utf8)
        } catch {
          throw .unlistablePath(target: target.name, path: error.path, reason: error.reason)
        }
      }
      result.append(
        TargetFileLists(
          target: target.name,
          inputs: CompanionFile(
            path: try listPath(fileLists.inputs), bytes: try list(planned.inputs, title: "Input files")),
          outputs: CompanionFile(
            path: try listPath(fileLists.outputs), bytes: try list(real, symbolic: symbolic, title: "Output files"))))
    }
    return result
  }

  // MARK: - Private

  /// Every folder the relative paths lie in (`Sub`, `Sub/de.lproj`), each once, sorted.
  private static func folders(of paths: [String]) -> [String] {
    var folders: Set<Substring> = []
    for path in paths {
      // By bytes: `/` is ASCII, and a table path has no trailing slash.
      var folder = Substring(path)
      while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
        folder = folder[..<slash]
        guard !folder.isEmpty, folders.insert(folder).inserted else { break }
      }
    }
    return folders.map(String.init).sorted()
  }

  /// A destination or state folder as a list names it: one that starts with a build setting stays
  /// symbolic (Xcode expands it), any other is resolved against the project folder.
  private func listed(_ template: PathTemplate, for target: Target) -> String {
    let written = template.replacingTarget(with: target.name)
    return written.hasPrefix("$(") ? written : DestinationSafety.canonicalPath(PathText.join(folder, written))
  }
}
