/// One option of a command, as the parser takes it and as `--help` lists it: the parser and the
/// help read the same value, so a command cannot take an option its help does not list.
struct OptionSpec: Equatable {
  /// The names, the canonical one first (the long name when there is one): `["--base", "-b"]`.
  var names: [String]
  /// The value's placeholder in the OPTIONS list (`DIR`); `nil` for a flag.
  var value: String?
  /// The placeholder in a usage line, when it says more there than `value` (`BASE`).
  var usageValue: String?
  /// What the option does: one paragraph, wrapped when printed.
  var help: String
  /// Whether it may be given more than once (`...` in a usage line).
  var repeatable = false

  /// An option that takes a value.
  init(_ names: [String], _ value: String, usage usageValue: String? = nil, repeatable: Bool = false, _ help: String) {
    self.names = names
    self.value = value
    self.usageValue = usageValue
    self.help = help
    self.repeatable = repeatable
  }

  /// A flag.
  init(_ names: [String], _ help: String) {
    self.names = names
    self.help = help
  }

  /// The name the parser reports the option by.
  var canonical: String { names[0] }

  var takesValue: Bool { value != nil }

  /// `-b, --base DIR`: short names first, as the OPTIONS list shows them.
  var listedNames: String {
    let sorted = names.filter { !$0.hasPrefix("--") } + names.filter { $0.hasPrefix("--") }
    return sorted.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
  }

  /// `[-s [NAME=]OVERLAY]...` or, when required, `-b BASE`: the option in a usage line.
  func usage(required: Bool) -> String {
    let name = names.first { !$0.hasPrefix("--") } ?? canonical
    let text = name + ((usageValue ?? value).map { " " + $0 } ?? "")
    return (required ? text : "[\(text)]") + (repeatable ? "..." : "")
  }
}
