import LayerMerge

/// Options of `xcode show`, `xcode install` and `xcode uninstall`.
struct XcodeOptions: Equatable {
  /// The three actions.
  enum Action: String, CaseIterable {
    case show, install, uninstall

    /// The form of the command table that lists the action's options.
    var form: CommandForm {
      switch self {
      case .show: return .xcodeShow
      case .install: return .xcodeInstall
      case .uninstall: return .xcodeUninstall
      }
    }
  }

  var action: Action
  /// `--project P.xcodeproj`; `nil` looks in the current folder, then in `$SRCROOT`.
  var project: String?
  /// `--config F`; `nil` looks for `locmerge.json` in the current folder, `$SRCROOT`, then the
  /// Xcode project's folder.
  var config: String?
  var targets: [String] = []
  var json = false
  var dryRun = false
  var check = false
  var removeCopies = false
  var tool: String?

  /// Parses the words after `xcode`: the action, then its options.
  static func parse(_ arguments: [String]) throws(UsageError) -> XcodeOptions {
    let names = Action.allCases.map(\.rawValue).joined(separator: ", ")
    guard let word = arguments.first, !word.hasPrefix("-") else {
      throw UsageError("'xcode' needs an action: \(names)")
    }
    guard let action = Action(rawValue: word) else {
      let hint = ArgumentScanner.closest(to: word, among: Action.allCases.map(\.rawValue)).map {
        "; did you mean '\($0)'?"
      }
      throw UsageError("unknown action 'xcode \(word)'\(hint ?? "") (actions: \(names))")
    }
    var options = XcodeOptions(action: action)
    var scanner = ArgumentScanner(Array(arguments.dropFirst()), specs: action.form.options)
    while let token = try scanner.next() {
      switch token {
      case .positional(let value):
        throw UsageError("unexpected argument '\(value)'; name the project with --project P.xcodeproj")
      case .option(let name, let value):
        let value = value ?? ""
        switch name {
        case "--project": options.project = value
        case "--config": options.config = value
        case "--target":
          guard !value.isEmpty else { throw UsageError("--target needs a target's name") }
          options.targets.append(value)
        case "--json": options.json = true
        case "--dry-run": options.dryRun = true
        case "--check": options.check = true
        case "--remove-copies": options.removeCopies = true
        case "--tool":
          guard !value.isEmpty else { throw UsageError("--tool needs a path or a command name") }
          // The phase's script names the tool on one line, and reads it back from there on a rerun.
          guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw UsageError("--tool '\(DisplayText.escaped(value))' contains a control character (a line break?)")
          }
          options.tool = value
        default: throw .unhandled(name)
        }
      }
    }
    if options.dryRun && options.check {
      throw UsageError("--dry-run and --check are two ways to write nothing; give one")
    }
    return options
  }
}
