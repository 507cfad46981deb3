/// The level of each diagnostic code, where it differs from the default; applied by the library
/// to every diagnostic of a merge, so that every frontend (command line, project file, another
/// tool) gets the same result.
///
/// Codes that report strings the app loses or crashes on at run time, and codes that report a
/// run that cannot do its job, are protected: they can be made errors but never turned off or
/// made warnings.
public struct CheckRules: Hashable, Sendable {
  /// Why a level cannot be set.
  public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// No code has that name; the closest one, if any is close.
    case unknownCode(String, suggestion: String?)
    /// No level has that name.
    case unknownLevel(String)
    /// The code is protected.
    case protected(DiagnosticCode)

    public var description: String {
      switch self {
      case .unknownCode(let code, let suggestion):
        return "unknown diagnostic code '\(code)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
      case .unknownLevel: return "use error, warning or off"
      case .protected(let code):
        let what =
          CheckRules.toolFailures.contains(code)
          ? "a run that cannot do its job" : "strings that crash the app or are lost at run time"
        return "'\(code.rawValue)' reports \(what); it cannot be turned off or made a warning"
      }
    }
  }

  /// The codes whose diagnostics cannot be turned off or made warnings.
  public static let protectedCodes: Set<DiagnosticCode> = toolFailures.union([
    .unreadableFile, .encoding, .syntax, .truncated, .notADictionary, .nonStringValue, .emptyUnicodeEscape,
    .unsupportedValue, .uneditableTable, .formatMismatch,
  ])

  private static let toolFailures: Set<DiagnosticCode> = [
    .unsafeDestination, .writeFailed, .projectFile, .staleFileList, .invalidLayer, .extractionMismatch,
    .xcodeProject, .xliff, .foreignOriginal,
  ]

  /// The levels set, by code.
  public private(set) var levels: [DiagnosticCode: RuleLevel] = [:]

  /// No level changed: every diagnostic keeps its severity.
  public init() {}

  /// The level set for a code, or `nil` for its default.
  public subscript(code: DiagnosticCode) -> RuleLevel? { levels[code] }

  /// Sets the level of a code.
  /// - Parameters:
  ///   - level: The new level.
  ///   - code: The code.
  /// - Throws: ``Refusal/protected(_:)`` when a protected code would be turned off or made a warning.
  public mutating func set(_ level: RuleLevel, for code: DiagnosticCode) throws(Refusal) {
    if level != .error, Self.protectedCodes.contains(code) { throw .protected(code) }
    levels[code] = level
  }

  /// Sets the level of a code from text, as `--rule` and the project file give it.
  /// - Parameters:
  ///   - level: `error`, `warning` or `off`.
  ///   - code: A ``DiagnosticCode`` raw value, such as `near-miss-key`.
  /// - Throws: A ``Refusal`` naming what is wrong.
  public mutating func set(level: String, forCode code: String) throws(Refusal) {
    guard let diagnosticCode = DiagnosticCode(rawValue: code) else {
      throw .unknownCode(
        code, suggestion: EditDistance.suggestion(for: code, among: DiagnosticCode.allCases.map(\.rawValue)))
    }
    guard let ruleLevel = RuleLevel(rawValue: level) else { throw .unknownLevel(level) }
    try set(ruleLevel, for: diagnosticCode)
  }

  /// The diagnostics with the levels applied: dropped when off, with the set severity otherwise.
  /// - Parameter diagnostics: Diagnostics as the checks reported them.
  /// - Returns: The diagnostics to report, in the same order.
  public func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
    guard !levels.isEmpty else { return diagnostics }
    return diagnostics.compactMap { diagnostic in
      switch levels[diagnostic.code] {
      case nil: return diagnostic
      case .off: return nil
      case .warning?:
        var changed = diagnostic
        changed.severity = .warning
        return changed
      case .error?:
        var changed = diagnostic
        changed.severity = .error
        return changed
      }
    }
  }
}
