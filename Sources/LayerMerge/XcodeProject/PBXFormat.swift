/// The layout families Xcode writes objects in, by `objectVersion` (PBXPROJ.md §4, §7).
///
/// Every format up to 77 (Xcode 3.2 to 16.2) writes a Run Script phase with all its keys; format 90
/// (Xcode 16.3 and later) leaves out keys that hold their default value and writes the script as an
/// array of lines. A format above 77 other than 90 is newer than this tool: it is read, never written.
enum PBXFormat: Hashable, Sendable {
  /// Formats up to 77.
  case classic
  /// Format 90.
  case defaultsOmitted

  /// The newest format this tool writes.
  static let newestKnown = 90

  /// The family of a format, or `nil` when this tool does not know how Xcode writes it.
  init?(objectVersion: Int) {
    if objectVersion <= 77 {
      self = .classic
    } else if objectVersion == 90 {
      self = .defaultsOmitted
    } else {
      return nil
    }
  }
}
