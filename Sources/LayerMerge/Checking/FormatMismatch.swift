/// Why a localized format cannot be given the arguments the code passes, and what happens at
/// run time if it is.
///
/// Arguments are read according to the localized format (FORMATS.md §5.4): a conversion that
/// dereferences its argument (`%@`, `%s`, `%S`, `%P`) given something else, or given nothing,
/// crashes; a number read with the wrong size, signedness or class prints a wrong value.
public struct FormatMismatch: Hashable, Sendable {
  /// What goes wrong.
  public enum Reason: Hashable, Sendable {
    /// A `%` starts no valid specifier; it is printed as it stands.
    case invalidSpecifier
    /// Numbered (`%1$@`) and plain (`%@`) specifiers are mixed; CoreFoundation gives the plain
    /// ones arguments 1, 2, … on their own count, so an argument may be shown twice and another
    /// not at all. Where that reads an argument as the wrong kind, the mismatch reported is that
    /// one, which can crash.
    case mixedNumbering
    /// One argument is used as two types in the same format.
    case conflictingTypes(position: Int, FormatSpecifier.ArgumentType, FormatSpecifier.ArgumentType)
    /// The format uses an argument the caller does not pass.
    case unsuppliedArgument(position: Int, FormatSpecifier.ArgumentType)
    /// The format reads an argument as another type than the caller passes.
    case typeMismatch(position: Int, found: FormatSpecifier.ArgumentType, expected: FormatSpecifier.ArgumentType)
  }

  /// The run-time effect of a mismatch; a crash is worse than wrong text.
  public enum Consequence: String, Hashable, Sendable, Comparable {
    /// The app can crash: a pointer is dereferenced that is not one of the expected kind.
    case crash
    /// The text comes out wrong (a pointer printed as a number, a truncated integer).
    case wrongText = "wrong-text"

    public static func < (lhs: Consequence, rhs: Consequence) -> Bool {
      lhs == .wrongText && rhs == .crash
    }
  }

  /// What goes wrong.
  public var reason: Reason

  /// Creates a mismatch.
  /// - Parameter reason: What goes wrong.
  public init(reason: Reason) {
    self.reason = reason
  }

  /// Whether the mismatch can crash the app or only prints wrong text.
  public var consequence: Consequence {
    switch reason {
    case .invalidSpecifier: return .wrongText
    case .mixedNumbering: return .wrongText
    case .conflictingTypes(_, let first, let second):
      return first.isDereferenced || second.isDereferenced ? .crash : .wrongText
    case .unsuppliedArgument(_, let type): return type.isDereferenced ? .crash : .wrongText
    case .typeMismatch(_, let found, _): return found.isDereferenced ? .crash : .wrongText
    }
  }

  /// The reason in words.
  /// - Parameter reference: What supplies the arguments: "the value it replaces", "en".
  /// - Returns: A clause such as "argument 1 is object (%@) here but signed integer (32-bit) in en".
  public func description(reference: String) -> String {
    switch reason {
    case .invalidSpecifier: return "a '%' does not start a valid format specifier"
    case .mixedNumbering:
      return "it mixes numbered specifiers (like %1$@) with plain ones (like %@), which take arguments 1, 2, … "
        + "on their own count"
    case .conflictingTypes(let position, let first, let second):
      return "argument \(position) is used both as \(first) and as \(second)"
    case .unsuppliedArgument(let position, _):
      return "it uses argument \(position), which \(reference) does not take"
    case .typeMismatch(let position, let found, let expected):
      return "argument \(position) is \(found) here but \(expected) in \(reference)"
    }
  }

  /// What happens at run time, as the end of a message: "this can crash at run time".
  public var consequenceDescription: String {
    consequence == .crash ? "this can crash at run time" : "this prints wrong text at run time"
  }
}

extension FormatSpecifier.ArgumentType {
  /// Whether the conversion reads memory through its argument, so that anything else crashes.
  var isDereferenced: Bool {
    switch self {
    case .object, .cString: return true
    default: return false
    }
  }
}
