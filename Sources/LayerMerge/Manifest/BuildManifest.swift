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
  public static func xcfilelist(_ paths: [String], title: String, srcroot: String?) -> String {
    (try? xcfilelist(paths, title: title, settings: srcroot.map { [(name: "SRCROOT", path: $0)] } ?? []))
      ?? "# \(title) (written by locmerge; do not edit)\n"
  }

  /// An `.xcfilelist` whose paths keep build settings symbolic: a path under one of `settings` is
  /// written as `$(NAME)/…`, the most specific (longest) folder winning, so the list is the same
  /// on every machine and in every DerivedData folder.
  /// - Parameters:
  ///   - paths: The paths to list.
  ///   - title: The comment line's text.
  ///   - settings: Build settings and their folders (such as `("DERIVED_FILE_DIR", "/Users/…")`).
  /// - Returns: The list, or which path a line cannot hold (one with a line break).
  public static func xcfilelist(_ paths: [String], title: String, settings: [(name: String, path: String)])
    throws(UnrepresentablePath) -> String
  {
    var lines = ["# \(title) (written by locmerge; do not edit)"]
    let roots = settings.map { (name: $0.name, root: DestinationSafety.canonical($0.path)) }.filter {
      !$0.root.isEmpty && $0.root != "/"
    }
    for path in paths.sorted() {
      if path.contains(where: { $0 == "\n" || $0 == "\r" }) {
        throw UnrepresentablePath(
          path: path, reason: "a file list has one path per line, and this one has a line break")
      }
      let best = roots.filter { path.hasPrefix($0.root + "/") }.max { $0.root.utf8.count < $1.root.utf8.count }
      if let best {
        lines.append("$(\(best.name))/" + path.dropFirst(best.root.utf8.count + 1))
      } else {
        lines.append(path)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Makefile-style dependency file, `output… : input…`, for Xcode's discovered dependencies
  /// and for make or ninja.
  ///
  /// Each path is escaped so that GNU make and ninja (1.10 and later) read the same file: a space
  /// as `\ `, `#` as `\#`, `:` as `\:`, `$` as `$$`, and backslashes right before a space doubled.
  /// Characters that the two cannot both read are refused: line breaks, tabs, `;`, `=`, `|`,
  /// `*`, `^`, and a backslash before `#`, `:` or at the end of a path.
  /// - Returns: The depfile, or the first path it cannot hold.
  public func depfile() throws(UnrepresentablePath) -> String {
    var targets: [String] = []
    for path in outputs { targets.append(try Self.escapedForDepfile(path)) }
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
