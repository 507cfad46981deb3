extension ProjectFile {
  /// Every layer folder of the project — the base and every target's overlays — each once.
  public var layerPaths: [ProjectWriteCheck.Path] {
    var seen: Set<String> = []
    return ([base] + targets.flatMap(\.overlays)).filter { seen.insert($0.path).inserted }.map {
      .layer($0)
    }
  }

  /// Everything of the project a run must leave alone: the project file, every layer of every
  /// target, and the destinations and state folders of the targets not in `targets`.
  ///
  /// Another target's destination is known only when its template uses no build setting: one
  /// that does (`$(DERIVED_FILE_DIR)/LocMerge`) is a different folder in each target's build,
  /// and expanding it with this run's settings would name this run's own folder.
  /// - Parameter targets: The names of the targets the run writes for (their folders are writes).
  public func protectedPaths(besides targets: Set<String> = []) -> [ProjectWriteCheck.Path] {
    var paths: [ProjectWriteCheck.Path] = [.source(path, label: "the project file")] + layerPaths
    for target in self.targets where !targets.contains(target.name) {
      let location = self.location(of: target)
      if let template = target.destination ?? destination, template.settings.isEmpty {
        let folder = PathText.join(self.folder, template.replacingTarget(with: target.name))
        paths.append(.destination(folder, target: target.name, location: location))
      }
      if let template = target.state ?? state, template.settings.isEmpty {
        let folder = PathText.join(self.folder, template.replacingTarget(with: target.name))
        paths.append(.state(folder, target: target.name, location: location))
      }
    }
    return paths
  }

  /// The check before building these targets: each one's destination and state folder against
  /// the whole project (``protectedPaths(besides:)``) and each other.
  /// - Parameter targets: The targets to build (``buildTargets(_:environment:destination:state:relativeTo:)``).
  public func writeCheck(building targets: [ProjectBuild.Target]) -> ProjectWriteCheck {
    let writes = targets.flatMap { built -> [ProjectWriteCheck.Path] in
      let location = target(named: built.name).map(self.location(of:))
      return [.destination(built.destination, target: built.name, location: location)]
        + (built.state.map { [.state($0, target: built.name, location: location)] } ?? [])
    }
    return ProjectWriteCheck(writes: writes, protected: protectedPaths(besides: Set(targets.map(\.name))))
  }

  /// The check before writing these file lists: each list against the whole project, every
  /// target's destination and state folder included (``protectedPaths(besides:)``), and each other.
  /// - Parameter lists: The lists to write (``fileLists(for:environment:srcroot:options:)``).
  public func writeCheck(writingFileLists lists: [TargetFileLists]) -> ProjectWriteCheck {
    let writes = lists.flatMap { list -> [ProjectWriteCheck.Path] in
      let location = target(named: list.target).map(self.location(of:))
      return [
        .file(list.inputs.path, label: "the input file list", target: list.target, location: location),
        .file(list.outputs.path, label: "the output file list", target: list.target, location: location),
      ]
    }
    return ProjectWriteCheck(writes: writes, protected: protectedPaths())
  }

  // MARK: - Private

  private func location(of target: Target) -> SourceLocation {
    SourceLocation(path: path, position: target.position)
  }
}
