extension ProjectFile {
  /// Why targets of a project cannot be built as asked.
  public enum SelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No target has this name; the closest name, if one is close.
    case unknownTarget(String, suggestion: String?)
    /// A destination uses build settings that are not set.
    case unsetSettings(target: String, destination: String, names: [String])
    /// A file list's path uses build settings that are not set.
    case unsetSettingsInFileList(target: String, path: String, names: [String])
    /// A state folder uses build settings that are not set.
    case unsetSettingsInState(target: String, state: String, names: [String])
    /// A file list cannot name a path as it is (a line break; `$(` in a folder's name).
    case unlistablePath(target: String, path: String, reason: String)
    /// Neither the target nor the project names a destination.
    case noDestination(target: String)
    /// Several targets would write the same folder.
    case sharedDestination(path: String, targets: [String])

    public var description: String {
      switch self {
      case .unknownTarget(let name, let suggestion):
        return "no target '\(name)' in the project file" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
      case .unsetSettings(let target, let destination, let names):
        let settings = names.map { "$(\($0))" }.joined(separator: ", ")
        return "the destination of '\(target)', \(destination), uses \(settings), which "
          + (names.count == 1 ? "is" : "are")
          + " not set; run inside an Xcode build phase, set "
          + (names.count == 1 ? "it" : "them") + " in the environment, or give -d (outside Xcode, for example "
          + "-d 'build/{target}')"
      case .unsetSettingsInFileList(let target, let path, let names):
        return "the file list \(path) of '\(target)' uses \(names.map { "$(\($0))" }.joined(separator: ", ")), "
          + "which is not set in the environment"
      case .unsetSettingsInState(let target, let state, let names):
        let settings = names.map { "$(\($0))" }.joined(separator: ", ")
        return "the state folder of '\(target)', \(state), uses \(settings), which "
          + (names.count == 1 ? "is" : "are") + " not set; run inside an Xcode build phase, set "
          + (names.count == 1 ? "it" : "them") + " in the environment, or give --state"
      case .unlistablePath(let target, let path, let reason):
        return "the file lists of '\(target)' cannot name \(path): \(reason)"
      case .noDestination(let target):
        return "no destination for '\(target)': add \"destination\" to the project file or give -d"
      case .sharedDestination(let path, let targets):
        return "\(targets.map { "'\($0)'" }.joined(separator: " and ")) would write the same folder \(path); "
          + "use {target} in the destination"
      }
    }
  }

  /// The targets with these names, in the order given.
  /// - Parameter names: Target names; empty selects every target, in the file's order.
  /// - Returns: The targets.
  /// - Throws: ``SelectionError/unknownTarget(_:suggestion:)`` for a name the project lacks.
  public func targets(named names: [String]) throws(SelectionError) -> [Target] {
    guard !names.isEmpty else { return targets }
    var selected: [Target] = []
    for name in names {
      guard let target = target(named: name) else {
        throw .unknownTarget(
          name, suggestion: EditDistance.suggestion(for: name, among: targets.map(\.name), ignoringCase: true))
      }
      if !selected.contains(where: { $0.name == name }) { selected.append(target) }
    }
    return selected
  }

  /// One of `count` disjoint shares of the targets that together hold every target, for a CI
  /// matrix: targets sorted by name are dealt out in turn, so each share differs by at most one
  /// target and does not depend on the order of the file.
  /// - Parameters:
  ///   - targets: The targets to share out.
  ///   - index: Which share, from 1 to `count`.
  ///   - count: How many shares.
  /// - Returns: The share's targets, in the order given.
  public static func shard(_ targets: [Target], index: Int, of count: Int) -> [Target] {
    guard count > 0, (1...count).contains(index) else { return [] }
    let sorted = targets.map(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    var position: [String: Int] = [:]
    for (offset, name) in sorted.enumerated() { position[name] = offset }
    return targets.filter { (position[$0.name] ?? 0) % count == index - 1 }
  }

  /// What building these targets takes: each one's stack, destination and state folder, expanded.
  /// - Parameters:
  ///   - targets: Targets of this project.
  ///   - environment: Build settings by name (the process environment inside Xcode).
  ///   - destination: A destination for every target instead of the project file's (`-d`), with
  ///     `{target}` and build settings allowed, and relative to `folder`. The project file's
  ///     state folders go with its destinations: with this, and without `state`, each target's
  ///     state is `DEST/.locmerge/`.
  ///   - state: A state folder for every target instead of the project file's (`--state`), as
  ///     `destination` is written.
  ///   - folder: The folder `destination` and `state` are relative to (the current folder).
  /// - Returns: The targets to build, in the same order.
  /// - Throws: A ``SelectionError`` for a destination or state folder that cannot be expanded, a
  ///   missing destination, or one shared by several targets.
  public func buildTargets(
    _ targets: [Target], environment: [String: String], destination: PathTemplate? = nil,
    state: PathTemplate? = nil, relativeTo folder: String = ""
  ) throws(SelectionError) -> [ProjectBuild.Target] {
    var built: [ProjectBuild.Target] = []
    var ownerByPath: [String: String] = [:]
    for target in targets {
      let expanded: String?
      do throws(PathTemplate.UnsetSettings) {
        if let destination {
          expanded = PathText.join(folder, try destination.expanded(target: target.name, environment: environment))
        } else {
          expanded = try self.destination(of: target, environment: environment)
        }
      } catch {
        let template = destination ?? target.destination ?? self.destination ?? PathTemplate("")
        throw .unsetSettings(target: target.name, destination: template.text, names: error.names)
      }
      guard let path = expanded else { throw .noDestination(target: target.name) }
      let statePath: String?
      do throws(PathTemplate.UnsetSettings) {
        if let state {
          statePath = PathText.join(folder, try state.expanded(target: target.name, environment: environment))
        } else {
          statePath = destination == nil ? try self.state(of: target, environment: environment) : nil
        }
      } catch {
        let template = state ?? target.state ?? self.state ?? PathTemplate("")
        throw .unsetSettingsInState(target: target.name, state: template.text, names: error.names)
      }
      let canonical = DestinationSafety.canonical(path)
      if let owner = ownerByPath[canonical] {
        throw .sharedDestination(path: path, targets: [owner, target.name])
      }
      ownerByPath[canonical] = target.name
      built.append(
        ProjectBuild.Target(
          name: target.name, layers: layers(of: target), destination: path, catalogOutput: target.catalogOutput,
          state: statePath))
    }
    return built
  }
}
