import Foundation
import Testing

@testable import locmerge

/// `--help` and docs/cli.md say what the parser accepts: every option a command takes is listed
/// in its help's OPTIONS and in its section of cli.md. The parser is asked from outside (a
/// command line with the option is parsed), so the test holds whatever the help is made from.
@Suite struct HelpTableTests {
  /// Each command, and the command lines that choose its forms (with `-b` and with the project file).
  static let forms: [(command: String, prefix: [String])] = [
    ("merge", ["-b", "B", "-d", "D"]), ("build", []), ("files", ["-b", "B", "-d", "D"]), ("files", []),
    ("lint", ["-b", "B"]), ("lint", []), ("audit", ["-b", "B", "--target", "A=x"]), ("audit", []),
    ("init", ["-b", "B", "--targets", "T"]), ("init", ["--xcodeproj", "P"]), ("print", ["f"]),
    ("compile", ["c.xcstrings", "-o", "D"]),
    ("extract", ["-o", "O", "A=x"]), ("xcode", ["show"]), ("xcode", ["install"]), ("xcode", ["uninstall"]),
    ("usage", []),
    ("export", ["-o", "D"]), ("import", ["f.xliff"]),
  ]

  /// Every option-like word anywhere in the help texts and cli.md: the candidates to try.
  static var candidates: Set<String> {
    var texts = [help(nil), cliMarkdown]
    for form in forms { texts.append(help(form.command)) }
    var found: Set<String> = []
    for text in texts {
      for word in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }) {
        let word = String(word)
        if word.hasPrefix("--") && word.count > 3 && word.dropFirst(2).first?.isLetter == true {
          found.insert(word)
        } else if word.count == 2 && word.hasPrefix("-") && word.last?.isLetter == true {
          found.insert(word)
        }
      }
    }
    return found.subtracting(["--help", "-h"])
  }

  static func help(_ topic: String?) -> String {
    let console = CapturedConsole()
    _ = CommandLineTool.run(arguments: topic.map { ["help", $0] } ?? ["--help"], environment: [:], console: console)
    return console.standardOutput
  }

  static var cliMarkdown: String {
    let url = ToolRunner.packageRoot.appendingPathComponent("docs/cli.md")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  /// Whether the parser takes `option` in this form (a later complaint about its value or about
  /// another argument still means it knows the option).
  static func accepts(_ option: String, command: String, prefix: [String]) -> Bool {
    let arguments = (command == "merge" ? ["merge"] : [command]) + prefix + [option, "v"]
    do {
      _ = try Invocation.parse(arguments)
      return true
    } catch {
      let message = error.message
      return
        !(message.contains("unknown option '\(option)'") || message.contains("two ways to name the layers")
        || message.contains("not \(option);"))
    }
  }

  /// The option names in the OPTIONS sections of a help text.
  static func listedOptions(in help: String) -> Set<String> {
    var listed: Set<String> = []
    var inOptions = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasSuffix("OPTIONS:") || line.hasPrefix("OPTIONS") {
        inOptions = true
        continue
      }
      if !line.hasPrefix(" ") && !line.isEmpty { inOptions = false }
      guard inOptions else { continue }
      // "  -b, --base DIR   The lowest layer…": names up to the first word without a dash.
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("-"), line.count - trimmed.count <= 4 else { continue }
      for word in trimmed.split(separator: " ") {
        guard word.hasPrefix("-") else { break }
        listed.insert(String(word.hasSuffix(",") ? word.dropLast() : word))
      }
    }
    return listed
  }

  @Test(arguments: forms.indices)
  func helpListsEveryOptionTheParserTakes(form index: Int) {
    let (command, prefix) = Self.forms[index]
    let listed = Self.listedOptions(in: Self.help(command))
    let taken = Self.candidates.filter { Self.accepts($0, command: command, prefix: prefix) }
    #expect(!taken.isEmpty)
    let unlisted = taken.subtracting(listed).sorted()
    #expect(
      unlisted.isEmpty, "\(command) \(prefix.joined(separator: " ")) takes \(unlisted), which its --help leaves out")
  }

  @Test(arguments: forms.indices)
  func cliMarkdownHasEveryOptionTheParserTakes(form index: Int) {
    let (command, prefix) = Self.forms[index]
    // The section '## command', up to the next '## '.
    let markdown = Self.cliMarkdown
    guard let start = markdown.range(of: "\n## \(command)\n") else {
      Issue.record("docs/cli.md has no section '## \(command)'")
      return
    }
    let rest = markdown[start.upperBound...]
    let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
    let taken = Self.candidates.filter { Self.accepts($0, command: command, prefix: prefix) }
    let missing = taken.filter {
      !section.contains("`\($0)") && !section.contains(" \($0) ") && !section.contains(", \($0)")
    }
    #expect(missing.isEmpty, "docs/cli.md's '## \(command)' leaves out \(missing.sorted())")
  }
}

/// The table itself: every option of every form is handled by its parser, and docs/cli.md shows
/// the usage lines and help topics the tool has.
@Suite struct CommandTableTests {
  /// A value each option's parser takes.
  static func value(for option: OptionSpec) -> String {
    switch option.canonical {
    case "--shard": return "1/2"
    case "--catalogs": return "merged"
    case "--rule": return "near-miss-key=off"
    case "--format": return "json"
    case "--status": return "error"
    case "--target" where option.value == "NAME=LAYERS": return "A=x"
    case "--group": return "G=A"
    default: return "x"
    }
  }

  @Test func everyOptionOfTheTableIsHandledByItsParser() {
    let prefixes: [String: [String]] = [
      "merge": ["merge", "-b", "B", "-d", "D"], "build": ["build"], "init": ["init", "-b", "B", "--targets", "T"],
      "print": ["print", "f"], "compile": ["compile", "c.xcstrings", "-o", "D"],
      "extract": ["extract", "-o", "O", "A=x"], "export": ["export", "-o", "D"], "import": ["import", "f.xliff"],
    ]
    // `xcode show`, `xcode install`, `xcode uninstall`: the form's words choose it.
    func prefix(of form: CommandForm, in command: CommandSpec) -> [String]? {
      if form.options.contains(.xcodeprojOption) { return ["init", "--xcodeproj", "P"] }
      return command.name == "xcode" ? form.words.split(separator: " ").map(String.init) : nil
    }
    for command in CommandSpec.all {
      for form in command.forms {
        let withLayers = form.options.contains(.base) || form.options.contains(.initBase)
        let prefix =
          prefix(of: form, in: command) ?? prefixes[command.name]
          ?? [command.name]
          + (withLayers ? ["-b", "B"] + (command.name == "audit" ? ["-t", "A=x"] : ["-d", "D"]) : [])
        for option in form.options {
          for name in option.names {
            let arguments = prefix + [name] + (option.takesValue ? [Self.value(for: option)] : [])
            do {
              _ = try Invocation.parse(arguments)
            } catch {
              #expect(!error.message.contains("not handled"), "\(arguments): \(error.message)")
              #expect(!error.message.contains("unknown option"), "\(arguments): \(error.message)")
            }
          }
        }
      }
    }
  }

  @Test func cliMarkdownOpensWithTheUsageLinesOfHelp() throws {
    let markdown = HelpTableTests.cliMarkdown
    let block = try #require(markdown.split(separator: "```", omittingEmptySubsequences: false).dropFirst().first)
    let lines = block.split(separator: "\n").map(String.init)
    #expect(lines == HelpText.usageLines)
  }

  @Test func cliMarkdownNamesEveryHelpTopic() throws {
    let markdown = HelpTableTests.cliMarkdown
    let sentence = try #require(markdown.range(of: "`locmerge help TOPIC` knows the topics"))
    let rest = markdown[sentence.upperBound...]
    let end = try #require(rest.firstIndex(of: ";"))
    let topics = rest[..<end].split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map {
      String($0.element)
    }
    #expect(topics == Invocation.subcommands.filter { $0 != "help" })
  }
}
