#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the translations of one XLIFF `<file>` go: the layer its `original` names, the
/// development-language table there, and that table's file in the translations' language (for a
/// catalog, the catalog itself).
///
/// An `original` is trusted only as far as the project goes: it must be a path relative to the
/// project's folder (no `..`, not absolute) to a table inside one of the project's layers, and
/// neither it nor the file to write may lead out of that layer through a symbolic link.
struct ImportDestination: Hashable, Sendable {
  /// The owning layer.
  var layer: Layer
  /// The development-language table inside the layer.
  var original: TableAddress
  /// Its path.
  var originalPath: String
  /// The translations' language.
  var language: String
  /// The file the translations go into.
  var path: String

  /// The kind of the file to write.
  var kind: LocalizationFileKind { original.kind }

  /// Why a file's translations are refused.
  struct Refusal: Error {
    var diagnostic: Diagnostic
  }

  /// The destination of a file's translations.
  /// - Parameters:
  ///   - file: The translations.
  ///   - project: The project whose layers may be written.
  /// - Throws: ``Refusal`` with the error that refuses them.
  static func resolve(_ file: TranslationImportFile, project: ProjectFile) throws(Refusal) -> ImportDestination {
    let original = file.original
    func refuse(_ reason: String) -> Refusal {
      Refusal(
        diagnostic: Diagnostic(
          .error, .foreignOriginal, "the original \(quoted(original)) \(reason); nothing of this file is imported",
          at: file.location))
    }
    let components = original.split(separator: "/", omittingEmptySubsequences: false)
    if original.isEmpty || original.hasPrefix("/") || components.contains("..") || original.contains("\\") {
      throw refuse(
        "is not a path inside the project (relative to \(PathText.lastComponent(project.folder)), without '..')")
    }
    let full = PathText.absolute(PathText.join(project.folder, original))
    let layers = ([project.base] + project.targets.flatMap(\.overlays))
    // The innermost layer holding the path (layers do not nest in a valid project).
    let holding = layers.compactMap { layer -> (Layer, String)? in
      let folder = PathText.absolute(layer.path)
      let prefix = folder == "/" ? "/" : folder + "/"
      return full.hasPrefix(prefix) ? (layer, String(full.dropFirst(prefix.count))) : nil
    }.max { $0.0.path.count < $1.0.path.count }
    guard let (layer, relative) = holding else {
      throw refuse("is in no layer of the project")
    }
    guard let address = TableAddress(relativePath: relative) ?? TableAddress(catalogPath: relative) else {
      throw refuse("is no .strings, .stringsdict or .xcstrings table of layer '\(layer.name)'")
    }
    guard let language = file.language, LanguageCode.isValid(language) else {
      throw Refusal(
        diagnostic: Diagnostic(
          .error, .foreignOriginal,
          "the file has no usable target-language (\(quoted(file.language ?? ""))); nothing of it is imported",
          at: file.location))
    }
    if !address.isCatalog, language == address.language {
      throw refuse(
        "is in \(language), the language of the translations: import writes translations, not the text they translate")
    }
    let path =
      address.isCatalog ? full : PathText.join(PathText.absolute(layer.path), address.inLanguage(language).relativePath)
    // Links: the table read and the file written must both stay inside the layer.
    let root = DestinationSafety.canonicalPath(PathText.absolute(layer.path))
    let rootPrefix = root == "/" ? "/" : root + "/"
    for candidate in [full, path] where !DestinationSafety.canonicalPath(candidate).hasPrefix(rootPrefix) {
      throw refuse("leads out of layer '\(layer.name)' through a symbolic link (\(candidate))")
    }
    if isSymbolicLink(path) {
      throw refuse("would be written through the symbolic link \(path); edit the file it points to")
    }
    return ImportDestination(layer: layer, original: address, originalPath: full, language: language, path: path)
  }

  // MARK: - Private

  private static func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }
}
