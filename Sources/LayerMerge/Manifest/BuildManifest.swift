/// The files a merge reads and writes, rendered for Xcode and build tools.
public struct BuildManifest: Hashable, Sendable {
  /// Absolute paths of every file read, sorted.
  public var inputs: [String]
  /// Absolute paths of every file written, sorted.
  public var outputs: [String]

  /// Creates a manifest.
  public init(inputs: [String], outputs: [String]) {
    self.inputs = inputs.sorted()
    self.outputs = outputs.sorted()
  }

  /// A path no list or depfile can hold as it is.
  public struct UnrepresentablePath: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path.
    public var path: String
    /// Why.
    public var reason: String

    /// Creates the error.
    public init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }

    public var description: String { "cannot list '\(path)': \(reason)" }
  }

  /// The build settings whose folders file lists name symbolically, most specific first.
  public static let symbolicSettings = [
    "DERIVED_FILE_DIR", "DERIVED_FILES_DIR", "TARGET_TEMP_DIR", "PROJECT_TEMP_DIR", "OBJROOT", "TARGET_BUILD_DIR",
    "BUILT_PRODUCTS_DIR", "CONFIGURATION_BUILD_DIR", "SYMROOT", "SRCROOT", "PROJECT_DIR",
  ]

  /// An `.xcfilelist`: one path per line under a comment, `$(SRCROOT)/…` for paths under `srcroot`.
  /// - Parameters:
  ///   - paths: The paths to list.
  ///   - title: The comment line's text.
  ///   - srcroot: The project folder, or `nil` for absolute paths.
  /// - Returns: The list; a path no list can hold (``xcfilelist(_:title:settings:symbolic:)``)
  ///   leaves it with its title only.
  public static func xcfilelist(_ paths: [String], title: String, srcroot: String?) -> String {
    (try? xcfilelist(paths, title: title, settings: srcroot.map { [(name: "SRCROOT", path: $0)] } ?? []))
      ?? "# \(title) (written by locmerge; do not edit)\n"
  }

  /// An `.xcfilelist` whose paths keep build settings symbolic: a path under one of `settings` is
  /// written as `$(NAME)/…`, the most specific (longest) folder winning, so the list is the same
  /// on every machine and in every DerivedData folder.
  ///
  /// Xcode expands build settings in every line — `$(NAME)`, `${NAME}` and `$NAME` — and a list
  /// has no escape for `$`: a path whose own part holds one of those forms is refused (its folder
  /// would be read as a setting), as is a line break.
  /// - Parameters:
  ///   - paths: The paths to list.
  ///   - title: The comment line's text.
  ///   - settings: Build settings and their folders (such as `("DERIVED_FILE_DIR", "/Users/…")`).
  ///   - symbolic: Lines written as they are, for paths a template already names through build
  ///     settings (`$(DERIVED_FILE_DIR)/LocMerge/en.lproj/A.strings`); the caller checks their
  ///     real parts with ``expansionProblem(in:)``.
  /// - Returns: The list, or which path a line cannot hold.
  public static func xcfilelist(
    _ paths: [String], title: String, settings: [(name: String, path: String)], symbolic: [String] = []
  ) throws(UnrepresentablePath) -> String {
    let roots = self.roots(settings)
    var entries: [(path: String, line: String)] = []
    for path in paths {
      let (setting, real) = split(path, roots)
      if let reason = expansionProblem(in: real) { throw UnrepresentablePath(path: path, reason: reason) }
      entries.append((path, setting.map { "$(\($0))/" + real } ?? path))
    }
    entries += symbolic.map { ($0, $0) }
    var lines = ["# \(title) (written by locmerge; do not edit)"]
    for entry in entries.sorted(by: { $0.path < $1.path }) {
      if entry.path.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
        throw UnrepresentablePath(
          path: entry.path, reason: "a file list has one path per line, and this one has a line break")
      }
      lines.append(entry.line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The line a list writes for a path: under one of `settings`, `$(NAME)/…` (the most specific
  /// folder winning); otherwise the path.
  static func symbolicLine(for path: String, settings: [(name: String, path: String)]) -> String {
    // The settings' folders are absolute: a path written with a setting already needs no look-up.
    guard path.hasPrefix("/") else { return path }
    let (setting, rest) = split(path, roots(settings))
    return setting.map { "$(\($0))/" + rest } ?? path
  }

  /// The settings' folders, resolved; the root and empty folders left out.
  private static func roots(_ settings: [(name: String, path: String)]) -> [(name: String, root: String)] {
    settings.map { (name: $0.name, root: DestinationSafety.canonical($0.path)) }.filter {
      !$0.root.isEmpty && $0.root != "/"
    }
  }

  /// The setting whose folder holds `path` (the most specific), and the rest of the path after it.
  private static func split(_ path: String, _ roots: [(name: String, root: String)]) -> (String?, String) {
    // Most paths hold a root byte for byte: no string is made to find it.
    let byBytes = roots.filter { root in
      let count = root.root.utf8.count
      return path.utf8.count > count && path.utf8.starts(with: root.root.utf8)
        && path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: count)] == UInt8(ascii: "/")
    }.max { $0.root.utf8.count < $1.root.utf8.count }
    if let byBytes {
      return (byBytes.name, String(path.utf8.dropFirst(byBytes.root.utf8.count + 1)) ?? path)
    }
    let best = roots.filter { path.hasPrefix($0.root + "/") }.max { $0.root.utf8.count < $1.root.utf8.count }
    guard let best else { return (nil, path) }
    // By characters, as `hasPrefix` compares (a folder named `José` is 4 characters, 5 bytes).
    return (best.name, String(path.dropFirst(best.root.count + 1)))
  }

  /// Why a real path (or a part of one) cannot stand in a file list as it is, if it cannot: it
  /// holds `$(`, `${` or `$NAME`, which Xcode would expand as a build setting.
  /// - Parameter text: A path, or the part of one that is not a build setting.
  public static func expansionProblem(in text: String) -> String? {
    // By bytes: `$` and what may follow it to make a setting are ASCII.
    var bytes = text.utf8[...]
    while let dollar = bytes.firstIndex(of: UInt8(ascii: "$")) {
      bytes = bytes[bytes.index(after: dollar)...]
      guard let next = bytes.first else { break }
      let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next | 0x20)
      if next == UInt8(ascii: "(") || next == UInt8(ascii: "{") || next == UInt8(ascii: "_") || isLetter {
        return "Xcode reads '$\(Character(Unicode.Scalar(next)))' in a file list as a build setting, and a list "
          + "has no escape for '$' (rename the folder or file)"
      }
    }
    return nil
  }

  /// A Makefile-style dependency file, `output… : input…`, for Xcode's discovered dependencies
  /// and for make or ninja.
  ///
  /// Each path is escaped so that GNU make and ninja (1.10 and later) read the same file: a space
  /// as `\ `, `#` as `\#`, `:` as `\:`, `$` as `$$`, and backslashes right before a space doubled.
  /// Characters that the two cannot both read are refused: line breaks, tabs, `;`, `=`, `|`,
  /// `*`, `^`, and a backslash before `#`, `:` or at the end of a path; and `%` in an output,
  /// which makes GNU make read the rule as a pattern rule (whose target is never out of date),
  /// with no escape ninja reads the same way.
  /// - Returns: The depfile, or the first path it cannot hold.
  public func depfile() throws(UnrepresentablePath) -> String {
    var targets: [String] = []
    for path in outputs {
      if path.contains("%") {
        throw UnrepresentablePath(
          path: path,
          reason: "make reads a rule whose output holds '%' as a pattern rule, and ninja has no escape for it")
      }
      targets.append(try Self.escapedForDepfile(path))
    }
    var prerequisites = ""
    for path in inputs { prerequisites += " \\\n  " + (try Self.escapedForDepfile(path)) }
    return targets.joined(separator: " \\\n  ") + ":\(prerequisites)\n"
  }

  // MARK: - Private

  private static func escapedForDepfile(_ path: String) throws(UnrepresentablePath) -> String {
    let scalars = Array(path.unicodeScalars)
    var result = ""
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case "\n", "\r": throw UnrepresentablePath(path: path, reason: "no depfile can hold a line break")
      case "\t", ";", "=", "|", "*", "^":
        throw UnrepresentablePath(
          path: path, reason: "make and ninja cannot both read '\(scalar.escaped(asASCII: true))' in a depfile")
      case "\\":
        var run = 0
        while index < scalars.count, scalars[index] == "\\" {
          run += 1
          index += 1
        }
        let next = index < scalars.count ? scalars[index] : nil
        switch next {
        case " "?: result += String(repeating: "\\", count: 2 * run)
        case "#"?, ":"?, nil:
          throw UnrepresentablePath(
            path: path, reason: "make and ninja read a backslash before '#', ':' or at the end of a name differently")
        default: result += String(repeating: "\\", count: run)
        }
        continue
      case " ": result += "\\ "
      case "#": result += "\\#"
      case ":": result += "\\:"
      case "$": result += "$$"
      default: result.unicodeScalars.append(scalar)
      }
      index += 1
    }
    return result
  }
}
