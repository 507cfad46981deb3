#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What ``Extractor`` made of full per-target copies: a base, optional brands and one thin overlay
/// per target, checked to merge back into each copy exactly.
///
/// ```swift
/// let extraction = Extractor.extract([Layer(name: "AcmePro", path: "Old/AcmePro"),
///                                     Layer(name: "GlobexGo", path: "Old/GlobexGo")])
/// guard !extraction.hasErrors else { … }   // unreadable copies, or a round trip that failed
/// try extraction.write(to: "Localization", projectFile: "locmerge.json")
/// // Localization/Base, Localization/AcmePro, Localization/GlobexGo; locmerge.json beside them
/// ```
public struct Extraction: Sendable {
  /// What every target shares.
  public var base: ExtractedLayer
  /// One layer per brand, in the order the options give them, then one per set of targets that
  /// share values beyond the base and brands (``ExtractionOptions/groups`` names their targets).
  public var brands: [ExtractedLayer]
  /// One overlay per target, in the order the copies were given.
  public var targets: [ExtractedLayer]
  /// The brands and the preferred target the extraction used, with a group for each layer some
  /// targets share.
  public var options: ExtractionOptions
  /// The figures and the keys to look at.
  public var report: ExtractionReport
  /// Problems: unreadable or broken copies, options that cannot work, and any difference the
  /// round trip found (a bug: nothing may be written then).
  public var diagnostics: [Diagnostic]
  /// Every file of the layers, relative to `OUT` (`Base/en.lproj/Localizable.strings`); an empty
  /// base is kept by a placeholder, `Base/.gitkeep`, which the reader skips as it skips every
  /// hidden file (the project file names the base, so the folder must exist).
  public var files: [OutputFile]

  /// Values of the copies that `build` would refuse once extracted (a format that can crash),
  /// each once, at its place in the copy: the layers are written only with their baseline
  /// (``write(to:projectFile:keepingErrors:)``).
  public var errorsInCopies: [ErrorInCopy]

  /// The development language the project file names (`"developmentLanguage"`), or `nil` to let
  /// each merge pick one from its base (``MergeOptions/developmentLanguage``).
  public var developmentLanguage: String? = nil

  /// Whether the extraction must not be written.
  public var hasErrors: Bool { diagnostics.containsErrors }

  /// The errors in the copies that no baseline entry can keep (not at one value).
  public var errorsThatCannotBeKept: [ErrorInCopy] { errorsInCopies.filter { $0.knownError == nil } }

  /// The stack a target is merged from: the base, each layer among ``brands`` of a group it is in
  /// that holds anything (its brand, then the layers it shares with other targets, in the order
  /// of ``ExtractionOptions/groups``), its overlay if it holds anything (an empty layer is not
  /// written, and a project file naming a folder that does not exist would not build).
  /// - Parameter target: The target's name.
  /// - Returns: The layers, lowest first; empty for an unknown target.
  public func stack(of target: String) -> [ExtractedLayer] {
    guard let overlay = targets.first(where: { $0.name == target }) else { return [] }
    let shared = options.groups.filter { $0.members.contains(target) }.compactMap { group in
      brands.first { $0.name == group.name && !$0.isEmpty }
    }
    return [base] + shared + (overlay.isEmpty ? [] : [overlay])
  }

  /// Every target's stack (``stack(of:)``), in the order of ``targets``, worked out in one pass
  /// over the groups: time linear in the targets and groups, however many layers they share.
  var stacks: [[ExtractedLayer]] {
    let written = Dictionary(
      brands.filter { !$0.isEmpty }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var shared: [String: [ExtractedLayer]] = [:]
    for group in options.groups {
      guard let layer = written[group.name] else { continue }
      for member in group.members where shared[member]?.last?.name != layer.name {
        shared[member, default: []].append(layer)
      }
    }
    return targets.map { overlay in [base] + (shared[overlay.name] ?? []) + (overlay.isEmpty ? [] : [overlay]) }
  }

  /// The project file for the extracted layers: the base, each target's brand and overlay (its
  /// folders in `out`), and the destination and state folder of the Xcode phase
  /// (``XcodeProjectFileSettings``), so that `locmerge xcode install` finds them as it wants them.
  /// - Parameters:
  ///   - path: Where the project file goes (`locmerge.json` at the project root).
  ///   - out: The folder the layers go in (`Localization`), as the caller names it.
  ///   - keepingErrors: List ``errorsInCopies`` as the project's `"baseline"`.
  public func projectFile(at path: String, layersIn out: String, keepingErrors: Bool = false) -> ProjectFile {
    var baseline: [KnownError] = []
    if keepingErrors {
      for var known in errorsInCopies.compactMap(\.knownError) {
        known.file = PathText.join(out, known.file)
        baseline.append(known)
      }
    }
    return ProjectFile(
      path: path, base: Layer(path: PathText.join(out, base.name)),
      destination: PathTemplate(XcodeProjectFileSettings.destination),
      targets: zip(targets, stacks).map { target, stack in
        ProjectFile.Target(
          name: target.name, overlays: stack.dropFirst().map { Layer(path: PathText.join(out, $0.name)) })
      }, options: MergeOptions(developmentLanguage: developmentLanguage, baseline: baseline),
      state: PathTemplate(XcodeProjectFileSettings.state))
  }

  /// The name of the file that keeps an empty layer's folder (git keeps no empty folder).
  public static let placeholderName = ".gitkeep"

  /// Writes the layers into `out` all at once, then the project file: every layer file goes into a
  /// fresh folder beside `out`, which then takes `out`'s place. `out` must not exist, or be an
  /// empty folder, and the project file must not exist; a failure leaves both as they were.
  /// - Parameters:
  ///   - out: The folder to create.
  ///   - projectFile: Where `locmerge.json` goes; its layer paths are relative to its folder.
  ///   - keepingErrors: Write layers that hold ``errorsInCopies``, with their baseline.
  /// - Throws: ``OutputError`` when the extraction has errors, holds errors in the copies that are
  ///   not kept (or cannot be), `out` or the project file is in the way, or a write fails: a
  ///   project that `build` refuses is never written.
  public func write(to out: String, projectFile: String, keepingErrors: Bool = false) throws(OutputError) {
    if hasErrors {
      throw .failed(path: out, action: "write an extraction that has errors", code: ECANCELED)
    }
    if !errorsThatCannotBeKept.isEmpty || (!keepingErrors && !errorsInCopies.isEmpty) {
      throw .failed(path: out, action: "write layers that 'build' refuses", code: ECANCELED)
    }
    var status = stat()
    if lstat(projectFile, &status) == 0 { throw .failed(path: projectFile, action: "replace the file", code: EEXIST) }
    let text = ProjectFileWriter.text(
      for: self.projectFile(at: projectFile, layersIn: out, keepingErrors: keepingErrors))
    try FreshFolder.write(files, to: out)
    do throws(OutputError) {
      _ = try AtomicFile.writeIfChanged(Array(text.utf8), to: projectFile)
    } catch {
      // The layers were just written: without their project file they are taken away again.
      FreshFolder.remove(files, from: out)
      throw error
    }
  }
}
