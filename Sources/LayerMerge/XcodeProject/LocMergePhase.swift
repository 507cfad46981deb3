/// The Run Script phase `locmerge xcode install` adds, the same in every target:
///
///     # Added by 'locmerge xcode install': run it again rather than editing this phase.
///     set -e
///     LOCMERGE="$SRCROOT/tools/locmerge"
///     if ! command -v "$LOCMERGE" >/dev/null 2>&1; then
///       echo "error: $LOCMERGE not found; install locmerge or run 'locmerge xcode install --tool PATH'"
///       exit 1
///     fi
///     "$LOCMERGE" build --target "$TARGET_NAME"
///
/// with the target's input and output file lists (`$(TARGET_NAME)` in their paths), the tool
/// itself as an input when Xcode can know its path (user script sandboxing lets a script read only
/// what it declares, and a rebuilt tool should run the phase again), *Based on dependency analysis*
/// on and the environment left out of the build log.
public enum LocMergePhase {
  /// The phase's name in every target; `install` and `uninstall` find the phase by it and by
  /// ``marker``.
  public static let name = "[locmerge] Merge Localized Strings"

  /// How the phase's script starts: `install` and `uninstall` take a phase of ``name`` for their
  /// own only when its first line starts so; a phase of that name with another script is the
  /// user's, and left alone.
  public static let marker = "# Added by 'locmerge xcode install'"

  /// Whether a script (or its first line) starts with ``marker``.
  public static func isMarked(_ script: String) -> Bool {
    script.hasPrefix(marker)
  }

  /// The `locmerge` the phase runs.
  public enum Tool: Hashable, Sendable, CustomStringConvertible {
    /// A binary inside the source root (`tools/locmerge`, committed with the project).
    case inSourceRoot(String)
    /// A binary elsewhere, by its absolute path (it differs between machines).
    case absolute(String)
    /// A command found on `PATH` (Homebrew's folders added: Xcode's own `PATH` lacks them).
    case onPath(String)

    /// How the phase names the tool to a person: `$SRCROOT/tools/locmerge`, a path, or `locmerge on PATH`.
    public var description: String {
      switch self {
      case .inSourceRoot(let path): return "$SRCROOT/\(path)"
      case .absolute(let path): return path
      case .onPath(let name): return "\(name) on PATH"
      }
    }

    /// The default: `tools/locmerge` in the source root when it exists there, else `locmerge` on `PATH`.
    public static func `default`(sourceRoot: String) -> Tool {
      FileBytes.size(PathText.join(sourceRoot, "tools/locmerge")) != nil
        ? .inSourceRoot("tools/locmerge") : .onPath("locmerge")
    }

    /// The tool a command line names (`--tool PATH`): inside the source root, elsewhere, or a
    /// command name without `/`.
    /// - Parameters:
    ///   - argument: The path or name given.
    ///   - sourceRoot: The project's source root.
    ///   - currentDirectory: What a relative path is relative to.
    public static func named(_ argument: String, sourceRoot: String, currentDirectory: String) -> Tool {
      guard argument.contains("/") else { return .onPath(argument) }
      let absolute = PathText.absolute(argument, relativeTo: currentDirectory)
      let root = PathText.absolute(sourceRoot, relativeTo: currentDirectory)
      if absolute.hasPrefix(root + "/") { return .inSourceRoot(String(absolute.dropFirst(root.count + 1))) }
      return .absolute(absolute)
    }
  }

  /// The phase for a project file and a tool.
  /// - Parameters:
  ///   - tool: The `locmerge` to run.
  ///   - configuration: The project file's path relative to the source root, when it is not
  ///     `locmerge.json` there (the tool finds that one by itself).
  ///   - inputFileList: The input list's path relative to the source root, `$(TARGET_NAME)` for the target.
  ///   - outputFileList: The output list's path, the same way.
  public static func phase(tool: Tool, configuration: String?, inputFileList: String, outputFileList: String)
    -> RunScriptPhase
  {
    var script = marker + ": run it again rather than editing this phase.\nset -e\n"
    var inputs: [String] = []
    switch tool {
    case .inSourceRoot(let path):
      script += "LOCMERGE=\"$SRCROOT/\(shellQuoted(path))\"\n"
      inputs.append("$(SRCROOT)/\(path)")
    case .absolute(let path):
      script += "LOCMERGE=\"\(shellQuoted(path))\"\n"
      inputs.append(path)
    case .onPath(let name):
      script += "export PATH=\"$PATH:/opt/homebrew/bin:/usr/local/bin\"\nLOCMERGE=\"\(shellQuoted(name))\"\n"
    }
    script += """
      if ! command -v "$LOCMERGE" >/dev/null 2>&1; then
        echo "error: $LOCMERGE not found; install locmerge or run 'locmerge xcode install --tool PATH'"
        exit 1
      fi

      """
    let config = configuration.map { " --config \"$SRCROOT/\(shellQuoted($0))\"" } ?? ""
    script += "\"$LOCMERGE\" build\(config) --target \"$TARGET_NAME\"\n"
    return RunScriptPhase(
      name: name, shellScript: script, inputPaths: inputs,
      inputFileListPaths: ["$(SRCROOT)/" + inputFileList], outputFileListPaths: ["$(SRCROOT)/" + outputFileList],
      showsEnvironmentInLog: false)
  }

  /// The tool an installed phase runs, read back from its script (`LOCMERGE=…`), so that a rerun
  /// without `--tool` keeps what the phase says on every machine.
  public static func tool(inScript script: String) -> Tool? {
    for line in script.split(separator: "\n") where line.hasPrefix("LOCMERGE=\"") && line.hasSuffix("\"") {
      let value = unquoted(String(line.dropFirst("LOCMERGE=\"".count).dropLast()))
      if value.hasPrefix("$SRCROOT/") { return .inSourceRoot(String(value.dropFirst("$SRCROOT/".count))) }
      if value.hasPrefix("/") { return .absolute(value) }
      return .onPath(value)
    }
    return nil
  }

  // MARK: - Private

  /// Text safe inside double quotes in `sh`.
  private static func shellQuoted(_ text: String) -> String {
    var result = ""
    for character in text {
      if "\\\"$`".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  private static func unquoted(_ text: String) -> String {
    var result = ""
    var escaped = false
    for character in text {
      if !escaped && character == "\\" {
        escaped = true
        continue
      }
      result.append(character)
      escaped = false
    }
    return result
  }
}
