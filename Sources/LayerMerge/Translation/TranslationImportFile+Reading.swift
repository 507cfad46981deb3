extension TranslationImportFile {
  /// The translations of XLIFF files, each read on its own core, in the order of the paths:
  /// every `<file>` of every readable document, and an error for each path that cannot be read
  /// or is not XLIFF (its line and column, when the document is wrong).
  /// - Parameter paths: XLIFF files (``XclocBundle/xliffPaths(in:)`` finds them in a folder).
  public static func read(xliffFiles paths: [String]) -> (files: [TranslationImportFile], diagnostics: [Diagnostic]) {
    let read = paths.concurrentMap { path -> Result<[TranslationImportFile], DiagnosticBox> in
      do {
        let bytes = try FileBytes.readRegularFile(path).bytes
        return .success(Self.files(of: try XLIFFReader.read(bytes, path: path), path: path))
      } catch let error as XLIFFError {
        return .failure(DiagnosticBox(diagnostic: error.diagnostic))
      } catch {
        return .failure(
          DiagnosticBox(diagnostic: Diagnostic(.error, .unreadableFile, "\(error)", at: SourceLocation(path: path))))
      }
    }
    var files: [TranslationImportFile] = []
    var diagnostics: [Diagnostic] = []
    for result in read {
      switch result {
      case .success(let found): files += found
      case .failure(let box): diagnostics.append(box.diagnostic)
      }
    }
    return (files, diagnostics)
  }
}

/// A diagnostic as a `Result`'s failure.
private struct DiagnosticBox: Error {
  var diagnostic: Diagnostic
}
