/// A command as the parser and `--help` both know it: its forms with their options, and the
/// prose of its help page. ``CommandSpec/all`` is the table of every command.
///
/// To add a command (say `xcode install`):
/// 1. Give each new option an ``OptionSpec`` in `OptionSpec+Table.swift` (names, placeholder,
///    one paragraph of help).
/// 2. Add a ``CommandSpec`` in `CommandSpec+Table.swift` with one ``CommandForm`` per way to call
///    it (`xcode show`, `xcode install`, `xcode uninstall` are three forms of `xcode`), saying for
///    each option whether the usage line shows it (`.required`, `.shown`) or only OPTIONS lists
///    it (`.listed`); append it to ``CommandSpec/all``.
/// 3. Parse with `ArgumentScanner(arguments, specs: CommandForm.<form>.options)` and switch over
///    the canonical names (an option the switch does not handle is ``UsageError/unhandled(_:)``).
/// `--help`, the top-level usage and the test that holds docs/cli.md to this table follow.
struct CommandSpec {
  /// The word that selects the command (`lint`); also its help topic.
  var name: String
  /// The ways to call it, each with its own options (`lint` with `-b`, `lint` with the project file).
  var forms: [CommandForm]
  /// The paragraphs between USAGE and OPTIONS.
  var about: String
  /// What follows OPTIONS: build phase, examples, rules.
  var more: String = ""
}

/// One way to call a command: its words, operands and options.
struct CommandForm {
  /// Where an option appears in the usage line.
  enum Place {
    /// In the usage line, without brackets.
    case required
    /// In the usage line, in brackets.
    case shown
    /// Only in OPTIONS; the usage line says `[options]`.
    case listed
  }

  /// One option of the form and its place.
  struct Use {
    var option: OptionSpec
    var place: Place

    static func required(_ option: OptionSpec) -> Use { Use(option: option, place: .required) }
    static func shown(_ option: OptionSpec) -> Use { Use(option: option, place: .shown) }
    static func listed(_ option: OptionSpec) -> Use { Use(option: option, place: .listed) }
  }

  /// The words that start the command line after `locmerge` (`lint`, `[merge]`, `xcode install`).
  var words: String
  /// When the command has several forms: what chooses this one (`with -b`), the heading of the
  /// options only this form takes.
  var label: String?
  /// The positional arguments (`FILE...`), and the line OPTIONS gives them.
  var operands: (usage: String, help: String)?
  /// Whether the operands come right after the words (`compile CATALOG.xcstrings... -o DIR`).
  var operandsFirst = false
  var uses: [Use]

  /// The options the parser takes in this form (`--help` is handled before any form).
  var options: [OptionSpec] { uses.map(\.option) }

  /// `locmerge lint -b BASE [-s [NAME=]OVERLAY]... [--strict] [options]`, as words to wrap.
  var usageWords: [String] {
    var words = ["locmerge", self.words]
    if operandsFirst, let operands { words.append(operands.usage) }
    for use in uses where use.place != .listed { words.append(use.option.usage(required: use.place == .required)) }
    if uses.contains(where: { $0.place == .listed }) { words.append("[options]") }
    if !operandsFirst, let operands { words.append(operands.usage) }
    return words
  }
}

extension UsageError {
  /// An option a form lists but its parser does not handle: a mistake in this program, caught by
  /// the tests that parse every option of the table.
  static func unhandled(_ name: String) -> UsageError {
    UsageError("option '\(name)' is in the option table but not handled")
  }
}
