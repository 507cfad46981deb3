extension XcodeIntegration.CopyInTheWay {
  /// Why `install` stops at this copy, naming what the phase writes too and, when taking the copy
  /// out would lose something, each file and language lost and what to do.
  /// - Parameter removing: Whether `--remove-copies` was given (it would take the copy out).
  func refusal(removing: Bool) -> String {
    let name = DisplayText.escaped(table)
    let target = DisplayText.escaped(self.target)
    let what = (interface == nil ? "" : "the interface ") + "\(name) (\(Self.listed(files.map(DisplayText.escaped))))"
    let place: String
    switch source {
    case .buildFile: place = "in Copy Bundle Resources"
    case .synchronizedFolder: place = "from a synchronized folder"
    }
    let writes = "the phase writes \(Self.listed(written.map(DisplayText.escaped))) into the product too"
    guard !lost.isEmpty else {
      return "target '\(target)' still copies \(what) \(place), and \(writes), which Xcode refuses (\"Multiple "
        + "commands produce\"). --remove-copies takes the copy out of the target; its files stay on disk"
    }
    let losses = Self.listed(lost.map(Self.describe), most: 4)
    let consequence: String
    if let interface {
      consequence = "the interface \(DisplayText.escaped(interface)) would leave the app"
    } else {
      let languages = languagesNotMerged
      consequence =
        languages.isEmpty
        ? "the app would no longer ship them" : "the app would no longer ship \(languages.joined(separator: ", "))"
    }
    let advice: String
    if interface != nil {
      let strings = Set(written.map { PathText.lastComponent($0) }).sorted().map(DisplayText.escaped)
      advice =
        "an interface's .strings are its translations, not a table to merge: take \(strings.joined(separator: ", ")) "
        + "out of the layers of '\(target)' (the copy stays with its interface)"
    } else {
      advice =
        "add the missing languages to the layers (move locmerge.json and its layers away and run 'locmerge init "
        + "--xcodeproj' again, or put the files in a layer of '\(target)'), or keep the copy out of the merge: take "
        + "\(name) out of the layers of '\(target)'"
    }
    if removing {
      return "--remove-copies would take \(what) out of target '\(target)' \(place), and with it what the phase "
        + "does not write: \(losses); \(consequence). To keep it, \(advice); nothing was written"
    }
    return "target '\(target)' still copies \(what) \(place), and \(writes), which Xcode refuses (\"Multiple "
      + "commands produce\"); taking the copy out (--remove-copies) would also take out what the phase does not "
      + "write: \(losses); \(consequence). To keep it, \(advice)"
  }

  // MARK: - Private

  /// A lost file: `de.lproj/L.strings (App/de.lproj/L.strings)`, or a catalog's languages.
  private static func describe(_ lost: LostFile) -> String {
    let path = DisplayText.escaped(lost.file.path)
    guard lost.file.isCatalog else { return "\(DisplayText.escaped(lost.file.productPath)) (\(path))" }
    guard !lost.languages.isEmpty else {
      return "\(path) (a catalog whose languages cannot be read"
        + (lost.file.isOutsideProject ? ": it lies outside the project)" : ")")
    }
    return "\(lost.languages.joined(separator: ", ")) compiled from \(path)"
  }

  /// Items (already escaped) joined with commas, the first `most` and how many more.
  private static func listed(_ items: [String], most: Int = 3) -> String {
    let shown = items.prefix(most).joined(separator: ", ")
    return items.count > most ? "\(shown) and \(items.count - most) more" : shown
  }
}
