extension CompanionFile {
  /// Whether the file on disk already holds exactly these bytes (`locmerge files --check`).
  public var isOnDisk: Bool {
    FileBytes.read(path) == bytes
  }
}
