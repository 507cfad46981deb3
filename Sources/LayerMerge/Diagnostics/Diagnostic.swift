/// A problem found while reading, merging or writing, for the caller to render.
///
/// The library never prints; the command-line tool renders diagnostics as
/// `path:line:column: error: message` so that Xcode's issue navigator can jump to them.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Hashable, Sendable, Comparable {
    /// Supplementary information attached to another diagnostic.
    case note
    /// Something that works but is probably a mistake.
    case warning
    /// Something that makes the output wrong or the runtime lose strings.
    case error

    private var rank: Int {
      switch self {
      case .note: return 0
      case .warning: return 1
      case .error: return 2
      }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
  }

  /// A secondary location, such as "first defined here".
  public struct Note: Hashable, Sendable {
    /// What the note says, control characters escaped as in ``Diagnostic/message``.
    public var message: String {
      didSet { message = DisplayText.escaped(message) }
    }
    /// Where it points.
    public var location: SourceLocation?

    /// Creates a note.
    /// - Parameters:
    ///   - message: What the note says; control characters are escaped (``DisplayText``).
    ///   - location: Where it points.
    public init(_ message: String, at location: SourceLocation? = nil) {
      self.message = DisplayText.escaped(message)
      self.location = location
    }
  }

  /// How serious the problem is.
  public var severity: Severity
  /// A stable identifier for the kind of problem, for filtering and tests.
  public var code: DiagnosticCode
  /// A one-line human explanation. Every control character in it is escaped
  /// (``DisplayText/escaped(_:)``) when it is set, so input quoted in a message can neither break
  /// the line nor reach a terminal raw, whatever renders it.
  public var message: String {
    didSet { message = DisplayText.escaped(message) }
  }
  /// Where the problem is, if it has a place.
  public var location: SourceLocation?
  /// Further locations that explain the problem.
  public var notes: [Note]

  /// Creates a diagnostic.
  /// - Parameters:
  ///   - severity: How serious the problem is.
  ///   - code: The kind of problem.
  ///   - message: A one-line explanation; control characters are escaped (``DisplayText``).
  ///   - location: Where it is.
  ///   - notes: Related locations.
  public init(
    _ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil,
    notes: [Note] = []
  ) {
    self.severity = severity
    self.code = code
    self.message = DisplayText.escaped(message)
    self.location = location
    self.notes = notes
  }

  /// The diagnostic in Xcode's format: `path:line:column: severity: message`. Reports add the
  /// code (``DiagnosticReporter/xcodeLines(_:)``: `… message [code]`).
  public var description: String {
    let prefix = location.map { "\($0): " } ?? ""
    return "\(prefix)\(severity.rawValue): \(message)"
  }

  /// `message [code]`: the message as reports end it, with the code `--rule` and the project
  /// file's `rules` take, as SwiftLint ends a message with its rule and clang with its flag.
  public var messageWithCode: String { "\(message) [\(code.rawValue)]" }
}

extension Array where Element == Diagnostic {
  /// Whether any diagnostic is an error.
  public var containsErrors: Bool { contains { $0.severity == .error } }
}
