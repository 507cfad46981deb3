/// A file written together with a destination's outputs but outside it: a file list, a depfile,
/// a provenance document. It is replaced in the same all-or-nothing step as the outputs, and its
/// fingerprint goes into the stamp, so a run killed before writing it is not taken as up to date.
public struct CompanionFile: Hashable, Sendable {
  /// The file's path (absolute, or relative to the current folder).
  public var path: String
  /// The file's bytes.
  public var bytes: [UInt8]

  /// Creates a companion file.
  /// - Parameters:
  ///   - path: Where the file goes.
  ///   - bytes: Its bytes.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}
