#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An `.xcloc` bundle, Xcode's Localization Catalog, laid out as Xcode's Export Localizations
/// lays one out:
///
///     de.xcloc/
///       contents.json                      ``XclocManifest``
///       Localized Contents/de.xliff        the units, in Xcode's dialect (``XLIFFWriter``)
///       Source Contents/<original paths>   the development-language tables, for reference
///       Notes/                             empty; screenshots and notes for translators go here
///
/// and how an importer finds the XLIFF file inside one, or inside a folder of them.
public enum XclocBundle {
  /// A file of the bundle.
  public struct File: Hashable, Sendable {
    /// Its path inside the bundle (`Localized Contents/de.xliff`).
    public var relativePath: String
    /// Its bytes.
    public var bytes: [UInt8]

    /// Creates a file.
    /// - Parameters:
    ///   - relativePath: Its path inside the bundle, or (for source contents) inside the project.
    ///   - bytes: Its bytes.
    public init(relativePath: String, bytes: [UInt8]) {
      self.relativePath = relativePath
      self.bytes = bytes
    }
  }

  /// What a bundle holds.
  public struct Contents: Hashable, Sendable {
    /// The files, `contents.json` first.
    public var files: [File]
    /// Folders that must exist even when empty (`Notes`), relative to the bundle.
    public var folders: [String]
    /// Units the XLIFF file could not carry (``XLIFFWriter/Rendering/problems``).
    public var problems: [XLIFFWriteProblem]
    /// Source files left out because their path is not a plain relative path (absolute, empty,
    /// with `.` or `..`), which could place them outside the bundle.
    public var refusedSourcePaths: [String]
  }

  /// The bundle's folder name for a language: `de.xcloc`.
  public static func bundleName(language: String) -> String { language + ".xcloc" }

  /// The files of a language's bundle.
  /// - Parameters:
  ///   - document: The units to translate.
  ///   - language: The bundle's language (`targetLocale`, the XLIFF file's name).
  ///   - developmentLanguage: The project's development language.
  ///   - project: The project's file name for `contents.json` (`App.xcodeproj`).
  ///   - sourceContents: The development-language files, each at its path relative to the
  ///     project (as the units' `original` gives it).
  /// - Returns: The files and empty folders to write inside ``bundleName(language:)``.
  public static func contents(
    for document: XLIFFDocument, language: String, developmentLanguage: String, project: String,
    sourceContents: [File]
  ) -> Contents {
    let rendering = XLIFFWriter.render(document)
    let manifest = XclocManifest(
      developmentRegion: developmentLanguage, project: project, targetLocale: language,
      tool: document.files.lazy.compactMap(\.tool).first)
    var files = [
      File(relativePath: "contents.json", bytes: manifest.rendered()),
      File(relativePath: "Localized Contents/\(language).xliff", bytes: rendering.bytes),
    ]
    var refused: [String] = []
    for source in sourceContents {
      let components = source.relativePath.split(separator: "/", omittingEmptySubsequences: false)
      guard !source.relativePath.isEmpty, components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
        refused.append(source.relativePath)
        continue
      }
      files.append(File(relativePath: "Source Contents/" + source.relativePath, bytes: source.bytes))
    }
    return Contents(
      files: files, folders: ["Localized Contents", "Notes", "Source Contents"], problems: rendering.problems,
      refusedSourcePaths: refused)
  }

  /// The XLIFF files to import from a path: the file itself, the `Localized Contents/<lang>.xliff`
  /// of an `.xcloc` bundle, or those of every bundle and `.xliff` file in a folder (sorted).
  /// - Parameter path: A file, an `.xcloc` folder, or a folder of them.
  /// - Returns: The XLIFF files' paths.
  /// - Throws: ``XLIFFError`` when the path cannot be read or holds none.
  public static func xliffPaths(in path: String) throws(XLIFFError) -> [String] {
    switch kind(of: path) {
    case nil:
      throw XLIFFError(.unreadable, path: path, position: nil, message: "no such file or folder")
    case .file?:
      return [path]
    case .folder?:
      if PathText.pathExtension(path).lowercased() == "xcloc" { return [try xliffPath(inBundle: path)] }
      var found: [String] = []
      for name in try names(in: path) {
        let child = PathText.join(path, name)
        let ext = PathText.pathExtension(name).lowercased()
        switch kind(of: child) {
        case .folder? where ext == "xcloc": found.append(try xliffPath(inBundle: child))
        case .file? where ext == "xliff" || ext == "xlf": found.append(child)
        default: continue
        }
      }
      guard !found.isEmpty else {
        throw XLIFFError(
          .unreadable, path: path, position: nil,
          message: "the folder holds no .xliff file and no .xcloc bundle (give the files, the bundles, or their folder)"
        )
      }
      return found
    }
  }

  // MARK: - Private

  private enum Kind { case file, folder }

  private static func kind(of path: String) -> Kind? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT == S_IFDIR ? .folder : .file
  }

  private static func names(in folder: String) throws(XLIFFError) -> [String] {
    guard let entries = DirectoryListing.entries(of: folder) else {
      throw XLIFFError(
        .unreadable, path: folder, position: nil,
        message: "cannot read the folder: \(PathText.systemErrorDescription())")
    }
    return entries.compactMap(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// `Localized Contents/<targetLocale>.xliff`, or the only `.xliff` there.
  private static func xliffPath(inBundle bundle: String) throws(XLIFFError) -> String {
    let folder = PathText.join(bundle, "Localized Contents")
    guard kind(of: folder) == .folder else {
      throw XLIFFError(
        .unreadable, path: bundle, position: nil,
        message: "the .xcloc bundle has no 'Localized Contents' folder, where Xcode puts its XLIFF file")
    }
    let candidates = try names(in: folder).filter { PathText.pathExtension($0).lowercased() == "xliff" }
    let manifestPath = PathText.join(bundle, "contents.json")
    if let bytes = FileBytes.read(manifestPath), let manifest = try? XclocManifest.read(bytes, path: manifestPath),
      candidates.contains(manifest.targetLocale + ".xliff")
    {
      return PathText.join(folder, manifest.targetLocale + ".xliff")
    }
    guard candidates.count == 1, let only = candidates.first else {
      throw XLIFFError(
        .unreadable, path: folder, position: nil,
        message: candidates.isEmpty
          ? "the .xcloc bundle holds no .xliff file in 'Localized Contents'"
          : "the .xcloc bundle holds several .xliff files (\(candidates.joined(separator: ", "))) and its "
            + "contents.json names none of them; give the one to import")
    }
    return PathText.join(folder, only)
  }
}
