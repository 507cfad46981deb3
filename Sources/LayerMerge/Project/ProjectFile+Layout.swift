extension ProjectFile {
  /// A starting project for a common folder layout: a base folder, and a folder with one overlay
  /// folder per target (`Localization/Base`, `Localization/Targets/<target>`). Each folder of
  /// `targetsFolder` that is not hidden (and not the base) becomes a target, named as the folder,
  /// with that folder as its one overlay; brands and other shared overlays are for the user to add.
  /// - Parameters:
  ///   - path: Where the project file goes; layer paths are written relative to its folder.
  ///   - base: The base folder.
  ///   - targetsFolder: The folder of target overlays.
  ///   - destination: The destination template every target uses.
  /// - Returns: The project, with its targets sorted by name (none if `targetsFolder` has no folders).
  public static func starting(
    path: String, base: String, targetsFolder: String,
    destination: PathTemplate = PathTemplate("$(DERIVED_FILE_DIR)/LocMerge")
  ) -> ProjectFile {
    let folder = PathText.parent(path).isEmpty ? "." : PathText.parent(path)
    let root = PathText.absolute(folder)
    func inProject(_ given: String) -> String {
      let absolute = PathText.absolute(given)
      if absolute == root { return folder }
      let prefix = root == "/" ? "/" : root + "/"
      return absolute.hasPrefix(prefix) ? PathText.join(folder, String(absolute.dropFirst(prefix.count))) : absolute
    }
    // The base may sit beside the targets (`Localization/Base`, `Localization/AcmePro`): not a target.
    // A folder whose name is not UTF-8 cannot be named in the project file: not a target.
    let names = (DirectoryListing.entries(of: targetsFolder) ?? []).compactMap { entry -> String? in
      guard entry.isDirectory, let name = entry.name, !name.hasPrefix("."),
        PathText.absolute(PathText.join(targetsFolder, name)) != PathText.absolute(base)
      else { return nil }
      return name
    }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    let targetsPath = inProject(targetsFolder)
    return ProjectFile(
      path: path, base: Layer(path: inProject(base)), destination: destination,
      targets: names.map { ProjectFile.Target(name: $0, overlays: [Layer(path: PathText.join(targetsPath, $0))]) })
  }
}
