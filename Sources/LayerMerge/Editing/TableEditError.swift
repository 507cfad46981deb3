/// Why ``TableEditor`` cannot make an edit surgically: the file cannot be read as Apple reads it,
/// or a value on the edit's path is not what the edit needs. Nothing is changed, and nothing is
/// guessed: the message says what stands where and what to do.
public struct TableEditError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file's path, as given to the editor.
  public var path: String
  /// Where the problem is in the file, if it has a place.
  public var position: TextPosition?
  /// What is wrong and what to do, in plain words.
  public var message: String
  /// The reader's code when the file cannot be read (`syntax`, `encoding`, `truncated`…),
  /// ``DiagnosticCode/uneditableTable`` when the edit itself cannot be made.
  public var code: DiagnosticCode

  /// Creates an error.
  /// - Parameters:
  ///   - path: The file's path.
  ///   - position: Where the problem is.
  ///   - message: What is wrong and what to do.
  ///   - code: The kind of problem.
  public init(path: String, position: TextPosition?, message: String, code: DiagnosticCode = .uneditableTable) {
    self.path = path
    self.position = position
    self.message = message
    self.code = code
  }

  /// Where the problem is, as diagnostics print it.
  public var location: SourceLocation { SourceLocation(path: path, position: position) }

  /// `path:line:column: message`.
  public var description: String { "\(location): \(message)" }

  /// The error as a diagnostic, for printing with the others.
  public var diagnostic: Diagnostic { Diagnostic(.error, code, message, at: location) }
}
