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
/// try extraction.write(to: "Localization")   // Base/, AcmePro/, GlobexGo/, locmerge.json
/// ```
public struct Extraction: Sendable {
  /// What every target shares.
  public var base: ExtractedLayer
  /// One layer per brand, in the order the options give them.
  public var brands: [ExtractedLayer]
  /// One overlay per target, in the order the copies were given.
  public var targets: [ExtractedLayer]
  /// The brands and the preferred target the extraction used.
  public var options: ExtractionOptions
  /// The figures and the keys to look at.
  public var report: ExtractionReport
  /// Problems: unreadable or broken copies, options that cannot work, and any difference the
  /// round trip found (a bug: nothing may be written then).
  public var diagnostics: [Diagnostic]
  /// Every file of the project, relative to `OUT`: the layers' tables and `locmerge.json`.
  public var files: [OutputFile]

  /// Whether the extraction must not be written.
  public var hasErrors: Bool { diagnostics.containsErrors }

  /// The stack a target is merged from: the base, its brand if it has one and the brand holds
  /// anything, its overlay if it holds anything (an empty layer is not written, and a project
  /// file naming a folder that does not exist would not build).
  /// - Parameter target: The target's name.
  /// - Returns: The layers, lowest first; empty for an unknown target.
  public func stack(of target: String) -> [ExtractedLayer] {
    guard let overlay = targets.first(where: { $0.name == target }) else { return [] }
    let brand = options.groups.first { $0.members.contains(target) }.flatMap { group in
      brands.first { $0.name == group.name && !$0.isEmpty }
    }
    return [base] + (brand.map { [$0] } ?? []) + (overlay.isEmpty ? [] : [overlay])
  }

  /// The project file for the extracted layers, `locmerge.json` at the top of `OUT`: the base,
  /// each target's brand and overlay, and the destination Xcode's build phases use.
  public var projectFile: ProjectFile {
    ProjectFile(
      path: ProjectFileReader.fileName, base: Layer(path: base.name),
      destination: PathTemplate("$(DERIVED_FILE_DIR)/LocMerge"),
      targets: targets.map { target in
        ProjectFile.Target(name: target.name, overlays: stack(of: target.name).dropFirst().map { Layer(path: $0.name) })
      })
  }

  /// The bytes of ``projectFile`` as ``ProjectFileWriter`` writes it.
  public func projectFileBytes() -> [UInt8] {
    Array(ProjectFileWriter.text(for: projectFile).utf8)
  }

  /// Writes the project into `out` all at once: every file goes into a fresh folder beside `out`,
  /// which then takes `out`'s place. `out` must not exist, or be an empty folder; a failure leaves
  /// it as it was.
  /// - Parameter out: The folder to create.
  /// - Throws: ``OutputError`` when the extraction has errors, `out` is in the way, or a write fails.
  public func write(to out: String) throws(OutputError) {
    if hasErrors {
      throw .failed(path: out, action: "write an extraction that has errors", code: ECANCELED)
    }
    try FreshFolder.write(files, to: out)
  }
}
