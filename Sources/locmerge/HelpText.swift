/// The `--help` texts. Usage lines and OPTIONS are made from the command table (CommandSpec,
/// CommandForm, OptionSpec), the very table the parsers read; the prose teaches by example,
/// including the Xcode Run Script phase.
enum HelpText {
  /// The widest line of help text.
  static let width = 100

  /// The help for a command, or the overview.
  static func text(for topic: String?) -> String {
    guard let topic, let command = CommandSpec.named(topic) else { return overview }
    return page(for: command)
  }

  /// Every usage line of every command, as the overview and docs/cli.md show them.
  static var usageLines: [String] {
    let wordsWidth = CommandSpec.all.flatMap(\.forms).map(\.words.count).max() ?? 0
    return CommandSpec.all.flatMap(\.forms).flatMap { form in
      usage(form, wordsWidth: wordsWidth)
    }
  }

  static var overview: String {
    """
    OVERVIEW: Layered localization for multi-target Apple apps.

    locmerge merges a base set of .strings/.stringsdict tables and String Catalogs with overlays
    (brand, target, …): for every <lang>.lproj/<Table> file, the highest layer that defines a key
    wins. It keeps per-key provenance, checks format specifiers, and writes only files whose bytes
    changed.

    \(prefixed(usageLines, first: "USAGE: ", rest: "       "))
           locmerge help [COMMAND] | --version

    build, and files, lint and audit without -b, read the project file, locmerge.json (found in
    the current folder, then in $SRCROOT; --config F names another): every target's layers and
    destination; see docs/config.md.

    EXAMPLES:
      # The Run Script phase of every target, the same text in each (see 'locmerge help build'):
      "$SRCROOT/tools/locmerge" build --target "$TARGET_NAME"

      # Add that phase to every target of the Xcode project, old copies of the tables out:
      locmerge xcode install --remove-copies

      # Every target at once, as CI does, each shared layer read once:
      locmerge build -d 'build/{target}'

      # Merge the base with a brand and a target into the target's resources:
      locmerge -b Localization/Base -s Brands/Acme -s Targets/AcmePro -d "$DERIVED_FILE_DIR/Strings"

      # Who overrides what, across every target, as a web page:
      locmerge audit --format html -o audit.html

      # Compile String Catalogs as Xcode's xcstringstool does, on any machine:
      locmerge compile Resources/Localizable.xcstrings -o "$DERIVED_FILE_DIR/Strings"

      # Move from full per-target copies to a base and thin overlays, proven exact:
      locmerge extract -o Localization AcmePro=AcmePro/Resources AcmeLite=AcmeLite/Resources

      # A file as Apple's runtime reads it:
      locmerge print --json en.lproj/Localizable.strings

    EXIT STATUS: 0 success, 1 errors found (or warnings with --strict), 64 usage error, 70 internal error.

    See 'locmerge help <command>' for the options of each command.

    """
  }

  /// A command's page: usage, what it does, its options (those of one form under that form's
  /// label, those of every form under OPTIONS), then examples.
  static func page(for command: CommandSpec) -> String {
    let lines = command.forms.flatMap { usage($0, wordsWidth: $0.words.count) }
    var text = prefixed(lines, first: "USAGE: ", rest: "       ") + "\n\n" + command.about + "\n\n"
    let everyForm = command.forms.dropFirst().reduce(command.forms[0].options) { common, form in
      common.filter(form.options.contains)
    }
    var sections: [(heading: String, lines: [(names: String, help: String)])] = []
    for form in command.forms where command.forms.count > 1 {
      let own = form.options.filter { !everyForm.contains($0) }
      if !own.isEmpty, let label = form.label {
        sections.append(("OPTIONS \(label):", own.map { ($0.listedNames, $0.help) }))
      }
    }
    var common = (everyForm + [.help]).map { ($0.listedNames, $0.help) }
    if command.forms.count == 1, let operands = command.forms[0].operands {
      let name = operands.usage.hasSuffix("...") ? String(operands.usage.dropLast(3)) : operands.usage
      common.insert((name, operands.help), at: 0)
    }
    sections.append(("OPTIONS:", common))
    let longest = sections.flatMap(\.lines).map(\.names.count).max() ?? 0
    let column = min(longest + 4, 31)
    for section in sections {
      text += section.heading + "\n"
      for line in section.lines { text += optionLine(line.names, line.help, column: column) }
      text += "\n"
    }
    return text + (command.more.isEmpty ? "" : command.more + "\n\n")
  }

  // MARK: - Private

  /// A usage line, wrapped: `locmerge lint -b BASE [-s [NAME=]OVERLAY]... [options]`.
  private static func usage(_ form: CommandForm, wordsWidth: Int) -> [String] {
    var words = form.usageWords
    // The command's words padded, so that the options of every command start in one column.
    words[1] = padded(words[1], to: wordsWidth)
    let continuation = String(repeating: " ", count: "locmerge ".count + wordsWidth + 1)
    return wrap(words, width: width - "USAGE: ".count, continuation: continuation)
  }

  /// One entry of OPTIONS: names in two columns' width, the help wrapped beside them.
  private static func optionLine(_ names: String, _ help: String, column: Int) -> String {
    let pad = String(repeating: " ", count: column)
    let helpLines = wrap(help.split(separator: " ").map(String.init), width: width - column, continuation: "")
    let lead = "  " + names
    var text: String
    var rest = helpLines[...]
    if lead.count + 2 <= column {
      text = padded(lead, to: column) + (rest.popFirst() ?? "") + "\n"
    } else {
      text = lead + "\n"
    }
    for line in rest { text += pad + line + "\n" }
    return text
  }

  /// Words joined by spaces into lines no wider than `width`; lines after the first start with
  /// `continuation`.
  private static func wrap(_ words: [String], width: Int, continuation: String) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in words {
      if line.isEmpty {
        line = (lines.isEmpty ? "" : continuation) + word
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = continuation + word
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// The text with spaces after it up to `length` characters (unchanged when longer).
  private static func padded(_ text: String, to length: Int) -> String {
    text.count >= length ? text : text + String(repeating: " ", count: length - text.count)
  }

  private static func prefixed(_ lines: [String], first: String, rest: String) -> String {
    lines.enumerated().map { ($0.offset == 0 ? first : rest) + $0.element }.joined(separator: "\n")
  }
}
