/// A printf-style conversion in a localized string, as CoreFoundation parses it (FORMATS.md §5).
public struct FormatSpecifier: Hashable, Sendable {
  /// What an argument must be, for the purpose of deciding whether two formats are compatible.
  public enum ArgumentType: Hashable, Sendable, CustomStringConvertible {
    /// An integer of `size` bytes; `signed` distinguishes `%d` from `%u` (and `%x`, `%o`).
    case integer(size: Int, style: IntegerStyle)
    /// A floating-point number (`%f`, `%e`, `%g`, `%a`) of `size` bytes, with its style.
    case floatingPoint(size: Int, style: Character)
    /// `%c` (1 byte) or `%C` (a UTF-16 unit).
    case character(size: Int)
    /// A C string (`%s`), a UTF-16 string (`%S`) or a Pascal string (`%P`).
    case cString(Character)
    /// A pointer (`%p`).
    case pointer
    /// An object (`%@`).
    case object
    /// A `*` width or precision: an `int`.
    case starInt

    public var description: String {
      switch self {
      case .integer(let size, let style): return "\(style.rawValue) integer (\(size * 8)-bit)"
      case .floatingPoint(let size, let style): return (size == 16 ? "long double" : "double") + " (%\(style))"
      case .character: return "character"
      case .cString(let kind): return kind == "s" ? "C string" : "\(kind) string"
      case .pointer: return "pointer"
      case .object: return "object (%@)"
      case .starInt: return "int (for '*')"
      }
    }
  }

  /// How an integer conversion prints, which CF's validator also compares.
  public enum IntegerStyle: String, Hashable, Sendable {
    case signed, unsigned, unlocalized
  }

  /// The specifier's text, such as `%1$@` or `%.2f`.
  public var text: String
  /// The explicit 1-based argument number (`%2$@`), if any.
  public var argumentNumber: Int?
  /// The argument type, or `nil` for a stringsdict variable (`%#@name@`).
  public var type: ArgumentType?
  /// The variable name of `%#@name@`.
  public var variable: String?
  /// Extra arguments consumed before this one by `*` width or precision.
  public var starArguments: Int

  /// Every specifier in `format`, `%%` excluded. Returns `nil` when a `%` starts no valid
  /// specifier (an incomplete `%` at the end, an unknown conversion).
  /// - Parameter format: A format string.
  public static func parse(_ format: String) -> [FormatSpecifier]? {
    let scanned = scan(format)
    return scanned.isComplete ? scanned.specifiers : nil
  }

  /// Every specifier in `format` that parses, `%%` excluded, and whether every `%` started one.
  /// After a `%` that starts no valid specifier the scan goes on at the next character, so a
  /// stray `%` ("100%") hides none of the specifiers around it.
  /// - Parameters:
  ///   - format: A format string.
  ///   - keepingRanges: Whether to give each specifier's range.
  /// - Returns: The specifiers, and, when asked, the range of scalar offsets each spans in `format`.
  static func scan(_ format: String, keepingRanges: Bool = false)
    -> (specifiers: [FormatSpecifier], ranges: [Range<Int>], isComplete: Bool)
  {
    let scalars = Array(format.unicodeScalars)
    var specifiers: [FormatSpecifier] = []
    var ranges: [Range<Int>] = []
    var isComplete = true
    var i = 0
    while i < scalars.count {
      guard scalars[i] == "%" else {
        i += 1
        continue
      }
      let start = i
      if let (specifier, end) = specifier(in: scalars, at: start) {
        if let specifier {
          specifiers.append(specifier)
          if keepingRanges { ranges.append(start..<end) }
        }
        i = end
      } else {
        isComplete = false
        i = start + 1
      }
    }
    return (specifiers, ranges, isComplete)
  }

  // MARK: - Private

  /// The specifier that starts with the `%` at `start` and the offset after it; `nil` inside for
  /// `%%`, and `nil` when the `%` starts no valid specifier.
  private static func specifier(in scalars: [Unicode.Scalar], at start: Int) -> (FormatSpecifier?, Int)? {
    var i = start + 1
    guard i < scalars.count else { return nil }
    if scalars[i] == "%" { return (nil, i + 1) }
    var argumentNumber: Int?
    // [argnum '$']
    var j = i
    var number = 0
    while j < scalars.count, ("0"..."9").contains(scalars[j]), number < 1000 {
      number = number * 10 + Int(scalars[j].value - 48)
      j += 1
    }
    if j > i, j < scalars.count, scalars[j] == "$", number > 0 {
      argumentNumber = number
      i = j + 1
    }
    guard i < scalars.count else { return nil }
    // Stringsdict variable: %#@name@
    if scalars[i] == "#", i + 1 < scalars.count, scalars[i + 1] == "@" {
      var k = i + 2
      var name = ""
      while k < scalars.count, scalars[k] != "@" {
        name.unicodeScalars.append(scalars[k])
        k += 1
      }
      guard k < scalars.count else { return nil }
      i = k + 1
      return (
        FormatSpecifier(
          text: String(String.UnicodeScalarView(scalars[start..<i])), argumentNumber: argumentNumber, type: nil,
          variable: name, starArguments: 0), i
      )
    }
    var stars = 0
    /// Skips a width or precision: digits, or `*` with an optional `N$`; a `*` takes an argument.
    func skipNumberOrStar() {
      let isStar = i < scalars.count && scalars[i] == "*"
      if isStar {
        stars += 1
        i += 1
      }
      while i < scalars.count, ("0"..."9").contains(scalars[i]) || (isStar && scalars[i] == "$") { i += 1 }
    }
    // flags
    while i < scalars.count, "-+ 0#'".unicodeScalars.contains(scalars[i]) { i += 1 }
    skipNumberOrStar()  // width
    if i < scalars.count, scalars[i] == "." {
      i += 1
      skipNumberOrStar()  // precision
    }
    // length
    var length = ""
    while i < scalars.count, "hlqLztj".unicodeScalars.contains(scalars[i]), length.count < 2 {
      length.unicodeScalars.append(scalars[i])
      i += 1
    }
    guard i < scalars.count, let type = argumentType(conversion: Character(scalars[i]), length: length) else {
      return nil
    }
    i += 1
    return (
      FormatSpecifier(
        text: String(String.UnicodeScalarView(scalars[start..<i])), argumentNumber: argumentNumber, type: type,
        variable: nil, starArguments: stars), i
    )
  }

  private static func argumentType(conversion: Character, length: String) -> ArgumentType? {
    func integerSize() -> Int {
      switch length {
      case "hh": return 1
      case "h": return 2
      case "l", "z", "t", "ll", "q", "j": return 8
      default: return 4
      }
    }
    switch conversion {
    case "d", "i", "D": return .integer(size: conversion == "D" ? 8 : integerSize(), style: .signed)
    case "u", "U": return .integer(size: conversion == "U" ? 8 : integerSize(), style: .unsigned)
    case "o", "O", "x", "X": return .integer(size: conversion == "O" ? 8 : integerSize(), style: .unlocalized)
    case "f", "F": return .floatingPoint(size: length == "L" ? 16 : 8, style: "f")
    case "e", "E": return .floatingPoint(size: length == "L" ? 16 : 8, style: "e")
    case "g", "G": return .floatingPoint(size: length == "L" ? 16 : 8, style: "g")
    case "a", "A": return .floatingPoint(size: length == "L" ? 16 : 8, style: "a")
    case "c": return .character(size: 1)
    case "C": return .character(size: 2)
    case "s", "S", "P": return .cString(conversion)
    case "p": return .pointer
    case "@": return .object
    default: return nil
    }
  }
}
