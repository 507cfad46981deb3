extension ProjectFile {
  /// The folder Xcode calls `$(SRCROOT)` for this project, as found on disk: the nearest folder at
  /// or above the project file's folder that holds an `.xcodeproj`, else the project file's folder.
  /// File lists name their entries from it, so that they resolve in Xcode wherever the project
  /// file sits (`Localization/locmerge.json` beside `App.xcodeproj`'s folder lists
  /// `$(SRCROOT)/Localization/Base/…`, not `$(SRCROOT)/Base/…`).
  public var sourceRoot: String {
    let start = PathText.absolute(folder)
    var candidate = start
    while true {
      let holdsProject = (DirectoryListing.entries(of: candidate) ?? []).contains {
        $0.isDirectory && ($0.name?.hasSuffix(".xcodeproj") ?? false)
      }
      if holdsProject { return candidate }
      if candidate == "/" { return start }
      candidate = PathText.parent(candidate)
    }
  }
}
