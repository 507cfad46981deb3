/// A Run Script build phase (`PBXShellScriptBuildPhase`): what it runs and what it declares.
///
/// ``PBXWriter`` writes it in the shape Xcode writes that kind of object in the project's format;
/// ``LocMergePhase`` makes the one phase `locmerge xcode install` adds to every target.
public struct RunScriptPhase: Hashable, Sendable {
  /// The phase's name in Xcode's Build Phases list.
  public var name: String
  /// The shell that runs the script.
  public var shellPath: String
  /// The script, lines ending in `\n`.
  public var shellScript: String
  /// Input files (*Input Files*).
  public var inputPaths: [String]
  /// Input file lists (*Input File Lists*).
  public var inputFileListPaths: [String]
  /// Output files (*Output Files*).
  public var outputPaths: [String]
  /// Output file lists (*Output File Lists*).
  public var outputFileListPaths: [String]
  /// *Show environment variables in build log*.
  public var showsEnvironmentInLog: Bool
  /// Whether *Based on dependency analysis* is unchecked (the phase runs in every build).
  public var alwaysOutOfDate: Bool

  /// Creates a phase.
  public init(
    name: String, shellPath: String = "/bin/sh", shellScript: String, inputPaths: [String] = [],
    inputFileListPaths: [String] = [], outputPaths: [String] = [], outputFileListPaths: [String] = [],
    showsEnvironmentInLog: Bool = true, alwaysOutOfDate: Bool = false
  ) {
    self.name = name
    self.shellPath = shellPath
    self.shellScript = shellScript
    self.inputPaths = inputPaths
    self.inputFileListPaths = inputFileListPaths
    self.outputPaths = outputPaths
    self.outputFileListPaths = outputFileListPaths
    self.showsEnvironmentInLog = showsEnvironmentInLog
    self.alwaysOutOfDate = alwaysOutOfDate
  }
}
