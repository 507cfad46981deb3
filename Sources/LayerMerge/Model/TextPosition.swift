/// A 1-based line and column inside a text file.
///
/// Lines count line breaks the way CoreFoundation does (`\r\n` is one break, a lone `\r` or `\n`
/// is one break each; U+2028 and U+2029 are not breaks). Columns count Unicode scalars from the
/// start of the line, so they do not depend on the file's encoding.
public struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The 1-based line number.
  public var line: Int
  /// The 1-based column, in Unicode scalars.
  public var column: Int

  /// Creates a position.
  /// - Parameters:
  ///   - line: The 1-based line number.
  ///   - column: The 1-based column, in Unicode scalars.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  public var description: String { "\(line):\(column)" }
}

/// A position in a named file, as diagnostics report it.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file's path, as it was given to the reader.
  public var path: String
  /// The position in the file, or `nil` when the problem concerns the whole file.
  public var position: TextPosition?

  /// Creates a location.
  /// - Parameters:
  ///   - path: The file's path.
  ///   - position: The line and column, if known.
  public init(path: String, position: TextPosition? = nil) {
    self.path = path
    self.position = position
  }

  /// `path:line:column` or just `path`, the prefix Xcode's issue navigator understands; control
  /// characters in the path are escaped (``DisplayText/escaped(_:)``), so a file name cannot
  /// break the line.
  public var description: String {
    let shown = DisplayText.escaped(path)
    guard let position else { return shown }
    return "\(shown):\(position.line):\(position.column)"
  }
}
