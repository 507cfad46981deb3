/// The result of reading one localization file: its table and what was wrong with it.
public struct ParsedFile: Sendable {
  /// How the file was written.
  public enum Syntax: String, Sendable {
    /// OpenStep (old-style) syntax, the usual `.strings` form.
    case oldStyle = "old-style"
    /// An XML property list.
    case xml
    /// A binary property list (`bplist00`).
    case binary
    /// No content (a 0-byte file).
    case empty
  }

  /// The path the file was read from.
  public var path: String
  /// The file's kind.
  public var kind: LocalizationFileKind
  /// The entries the runtime gets from the file: empty when Apple's reader rejects it, and only
  /// the entries before the stop when Apple's reader stops early.
  public var table: LocalizationTable
  /// Problems found, with their positions.
  public var diagnostics: [Diagnostic]
  /// The syntax Apple's reader recognised, if it got that far.
  public var syntax: Syntax?
  /// The text encoding, for text syntaxes.
  public var encoding: String?
  /// Whether Foundation's `PropertyListSerialization` returns a dictionary for the whole file.
  public var isReadByFoundation: Bool
  /// The file's size, modification time and inode when it was read (from the descriptor that read
  /// it); `nil` for bytes that did not come from a file.
  public var fingerprint: FileFingerprint?

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.containsErrors }
}
