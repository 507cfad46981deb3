import LayerMerge

extension XcodeEnvironment {
  /// Inside Xcode, every file a script writes must be declared, or a clean build fails: a warning
  /// for each of `outputs` (absolute paths) the phase does not declare, with the line to add.
  func undeclaredOutputWarnings(_ outputs: [String]) -> [Diagnostic] {
    guard isScriptPhase else { return [] }
    let declared = declaredOutputs
    let missing = outputs.filter { !declared.contains($0) }.sorted()
    var warnings = missing.prefix(10).map { path in
      Diagnostic(
        .warning, .undeclaredOutput,
        "\(path) is written but not declared in the Run Script phase; add '\(declarationLine(for: path))' to "
          + "its Output Files (or generate an Output File List with 'locmerge files --output-file-list')")
    }
    if missing.count > 10 {
      warnings.append(
        Diagnostic(
          .warning, .undeclaredOutput, "\(missing.count - 10) more outputs are not declared in the Run Script phase"))
    }
    return warnings
  }
}
