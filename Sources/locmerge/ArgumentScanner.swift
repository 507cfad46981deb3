import LayerMerge

/// Walks a command line option by option; knows `--name value`, `--name=value` and `-x value`.
struct ArgumentScanner {
  private var remaining: ArraySlice<String>
  private let specs: [OptionSpec]

  init(_ arguments: [String], specs: [OptionSpec]) {
    self.remaining = arguments[...]
    self.specs = specs
  }

  /// The next token: an option with its canonical (first) name and value, or a positional argument.
  enum Token: Equatable {
    case option(String, String?)
    case positional(String)
  }

  /// Returns the next token, or `nil` at the end.
  mutating func next() throws(UsageError) -> Token? {
    guard let argument = remaining.popFirst() else { return nil }
    if argument == "--" {
      guard let value = remaining.popFirst() else { return nil }
      return .positional(value)
    }
    guard argument.hasPrefix("-"), argument.count > 1 else { return .positional(argument) }
    var name = argument
    var inlineValue: String?
    if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
      name = String(argument[..<equals])
      inlineValue = String(argument[argument.index(after: equals)...])
    }
    guard let spec = specs.first(where: { $0.names.contains(name) }) else {
      throw UsageError(Self.unknownOptionMessage(name, known: specs.flatMap(\.names)))
    }
    let canonical = spec.names[0]
    guard spec.takesValue else {
      if inlineValue != nil { throw UsageError("option '\(name)' does not take a value") }
      return .option(canonical, nil)
    }
    if let inlineValue { return .option(canonical, inlineValue) }
    // The next argument is the value unless it is an option; `-1/3` is a (negative) value.
    guard let value = remaining.popFirst(), !(value.hasPrefix("-") && value.count > 1 && !Self.isNegativeNumber(value))
    else {
      throw UsageError("option '\(name)' needs a value")
    }
    return .option(canonical, value)
  }

  /// Whether an argument that starts with `-` is a negative number (`-1`, `-1/3`), not an option.
  private static func isNegativeNumber(_ argument: String) -> Bool {
    argument.dropFirst().first.map { $0.isASCII && $0.isNumber } ?? false
  }

  /// "unknown option '--x'", with the closest known option when one is near.
  static func unknownOptionMessage(_ name: String, known: [String]) -> String {
    let suggestion = closest(to: name, among: known)
    return "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
  }

  /// The candidate nearest to `word` by edit distance, if it is near enough to be a typo.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, EditDistance.between(word, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(2, word.count / 3) ? best.0 : nil
  }
}
