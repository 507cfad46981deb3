extension XcodeProject {
  /// The project's development region (`developmentRegion` of the project object, `en` in a new
  /// project): the language its code's keys are written in.
  public var developmentRegion: String? {
    guard let rootNode = document.value("rootObject", in: document.root), let rootID = document.string(rootNode),
      let object = document.object(rootID)
    else { return nil }
    return document.string("developmentRegion", in: object).flatMap { $0.isEmpty ? nil : $0 }
  }
}
