/// How the CI reporters (GitHub Actions commands, SARIF) name files: relative to the repository
/// root, which is what GitHub matches an annotation or a code-scanning alert against. A path
/// outside the root stays absolute; a finding about no file at all is placed at the run's own
/// file (the project file), when there is one, since code scanning shows no result without a file.
public struct ReportPaths: Hashable, Sendable {
  /// The folder paths are made relative to, absolute: `$GITHUB_WORKSPACE` on GitHub's runners,
  /// else the project root.
  public var root: String
  /// The folder a relative path in a diagnostic is relative to (the run's current folder).
  public var currentDirectory: String
  /// The file a finding without a place is reported at, if any.
  public var fallbackFile: String?

  /// Creates the rules for one run.
  /// - Parameters:
  ///   - root: The repository root (made absolute against `currentDirectory`).
  ///   - currentDirectory: The folder relative paths in diagnostics start from.
  ///   - fallbackFile: The file a finding without a place is about (the project file).
  public init(root: String, currentDirectory: String, fallbackFile: String? = nil) {
    self.currentDirectory = PathText.absolute(currentDirectory)
    self.root = PathText.absolute(root, relativeTo: self.currentDirectory)
    self.fallbackFile = fallbackFile
  }

  /// The root for a run: `GITHUB_WORKSPACE` when the environment sets it, else `projectRoot`.
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - projectRoot: The folder of the project file, or the current folder without one.
  ///   - currentDirectory: The run's current folder.
  ///   - fallbackFile: The file a finding without a place is about.
  public static func forRun(
    environment: [String: String], projectRoot: String, currentDirectory: String, fallbackFile: String? = nil
  ) -> ReportPaths {
    // The files' paths come from the current folder, which has no links left in it; a workspace
    // named through a link (macOS's /tmp and /var) must be too, or nothing would lie inside it.
    let workspace = environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 }
      .map { LayerScanner.resolvedPath(PathText.absolute($0, relativeTo: currentDirectory)) ?? $0 }
    return ReportPaths(
      root: workspace ?? projectRoot, currentDirectory: currentDirectory, fallbackFile: fallbackFile)
  }

  /// The path relative to the root (`Base/de.lproj/X.strings`), or `nil` when it lies outside.
  /// - Parameter path: A path from a diagnostic, absolute or relative to the current folder.
  public func relative(_ path: String) -> String? {
    let absolute = PathText.absolute(path, relativeTo: currentDirectory)
    if absolute == root { return nil }
    let prefix = root == "/" ? "/" : root + "/"
    guard absolute.hasPrefix(prefix) else { return nil }
    return String(absolute.dropFirst(prefix.count))
  }

  /// The path as a report names it: relative to the root when inside it, else absolute.
  public func reported(_ path: String) -> String {
    relative(path) ?? PathText.absolute(path, relativeTo: currentDirectory)
  }
}
