/// Translations put back where they belong: each translated unit into the owning layer's table
/// of its language (`<layer>/<lang>.lproj/<Table>`, or the layer's catalog), as the export named
/// it in `original`. Nothing is written until ``write()``; this value is the plan, its checks and
/// the files' new bytes.
///
/// ```swift
/// let plan = TranslationImport(files, project: project)
/// plan.diagnostics.forEach { print($0) }
/// if !plan.refused { try plan.write() }
/// ```
///
/// - Only the entries a unit sets change: the table editor replaces a value in place or appends
///   an entry (with the unit's note as its comment), and keeps every other byte and the file's
///   encoding; a new `.strings` file takes the encoding of its layer's development-language file.
///   An unchanged value changes nothing, so importing twice, or importing an `--all` export,
///   writes nothing.
/// - **Nothing lost**: a translation whose format specifiers can crash against the development
///   language's text (``FormatFit``, as `merge` checks) refuses the whole import, each such unit
///   named at its place in the XLIFF; with `skippingInvalid` those units are left out (a warning
///   each) and the rest is written. One that only prints wrong text is a warning.
/// - **Nothing foreign**: an `original` outside the project's layers refuses its file
///   (``ImportDestination``); a key or plural form the original does not have, and a translation
///   of text the original no longer has, are warnings and are left out.
public struct TranslationImport: Sendable {
  /// One file the import changes.
  public struct Change: Hashable, Sendable {
    /// The file.
    public var path: String
    /// Its bytes now; `nil` for a file the import creates.
    public var original: [UInt8]?
    /// Its new bytes.
    public var bytes: [UInt8]
    /// How many units change a value in it.
    public var units: Int
    /// For a `.strings` file the import creates: the encoding it is written in, which is that of
    /// its layer's development-language file.
    public var encoding: String?
  }

  /// The files whose bytes change, sorted by path.
  public private(set) var changes: [Change] = []
  /// Everything found, in the order of the files read.
  public private(set) var diagnostics: [Diagnostic] = []
  /// Translated units read (whatever became of them).
  public private(set) var translatedUnits = 0
  /// Units without a translation (no target, an empty one, or one marked `new` or
  /// `needs-translation`).
  public private(set) var untranslatedUnits = 0
  /// Units left out: an unknown key, a changed source, a refused file, an invalid translation.
  public private(set) var skippedUnits = 0

  /// Whether the import must not be written: an error was found.
  public var refused: Bool { diagnostics.containsErrors }

  /// Plans the import of translated files into a project's layers.
  /// - Parameters:
  ///   - files: The translations, one entry per XLIFF `<file>`.
  ///   - project: The project whose layers receive them.
  ///   - skippingInvalid: Leave out translations whose format can crash instead of refusing all.
  public init(_ files: [TranslationImportFile], project: ProjectFile, skippingInvalid: Bool = false) {
    var planned: [String: PlannedFile] = [:]
    var references: [String: ImportReference] = [:]
    for var file in files {
      diagnostics += file.problems
      skippedUnits += file.problems.count
      // A target that is empty, or marked as no translation yet, is not imported.
      let translated = file.units.filter {
        !$0.target.isEmpty && !($0.state.map(Self.untranslatedStates.contains) ?? false)
      }
      untranslatedUnits += file.untranslated + file.units.count - translated.count
      translatedUnits += translated.count
      file.units = translated
      let destination: ImportDestination
      do {
        destination = try ImportDestination.resolve(file, project: project)
      } catch {
        diagnostics.append(error.diagnostic)
        skippedUnits += file.units.count
        continue
      }
      let reference: ImportReference
      if let known = references[destination.originalPath] {
        reference = known
      } else {
        let read = ImportReference.read(destination)
        guard let found = read.reference else {
          diagnostics.append(
            Diagnostic(
              .error, .foreignOriginal,
              "the original cannot be read (\(read.error?.description ?? "unknown reason")); nothing of this file is "
                + "imported", at: file.location))
          skippedUnits += file.units.count
          continue
        }
        reference = found
        references[destination.originalPath] = reference
      }
      if let language = reference.language, language == destination.language {
        diagnostics.append(
          Diagnostic(
            .error, .foreignOriginal,
            "the file's target-language is \(language), the catalog's source language: import writes translations, "
              + "not the text they translate", at: file.location))
        skippedUnits += file.units.count
        continue
      }
      var plan = planned[destination.path] ?? PlannedFile(destination: destination, reference: reference)
      // A catalog holds every language: its plan takes units from several files, each in its own.
      for unit in file.units { take(unit, into: &plan, from: destination) }
      planned[destination.path] = plan
    }
    // Each file is edited and checked on its own: on every core, the results kept in path order.
    let plans = planned.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).compactMap { planned[$0] }
    for part in plans.concurrentMap({ Self.finished($0, skippingInvalid: skippingInvalid) }) {
      diagnostics += part.diagnostics
      skippedUnits += part.skippedUnits
      changes += part.changes
    }
  }

  // MARK: - Private

  /// An empty plan, which ``finished(_:skippingInvalid:)`` fills with one file's outcome.
  private init() {}

  /// One file's edits applied and checked: its change, diagnostics and units left out.
  private static func finished(_ plan: PlannedFile, skippingInvalid: Bool) -> TranslationImport {
    var part = TranslationImport()
    part.finish(plan, skippingInvalid: skippingInvalid)
    return part
  }

  /// The units one file receives.
  private struct PlannedFile: Sendable {
    var destination: ImportDestination
    var reference: ImportReference
    var units: [(unit: TranslationImportFile.Unit, edit: TableEdit)] = []
    /// Where each place was first set, to find two translations of one string.
    var placed: [TableEdit.Place: Int] = [:]
  }

  /// XLIFF states that say a target is not a translation yet.
  private static let untranslatedStates: Set<String> = ["new", "needs-translation"]

  /// Checks a unit against the original and adds its edit.
  private mutating func take(
    _ unit: TranslationImportFile.Unit, into plan: inout PlannedFile, from destination: ImportDestination
  ) {
    let language = destination.language
    guard let leaves = plan.reference.leaves(of: unit.key, language: language) else {
      skip(
        unit, .unknownUnit,
        "\(plan.destination.original.relativePath) of layer '\(plan.destination.layer.name)' has no key "
          + "\(quoted(unit.key)) to translate; the unit is left out")
      return
    }
    guard let leaf = leaves.first(where: { $0.path == unit.path }) else {
      let places = leaves.map { $0.path.isEmpty ? "the string" : $0.path.joined(separator: "/") }
      skip(
        unit, .unknownUnit,
        "\(quoted(unit.key)) has no \(unit.path.joined(separator: "/")) to translate into \(language) (it has "
          + "\(places.joined(separator: ", "))); the unit is left out")
      return
    }
    if let source = unit.source, !source.utf8.elementsEqual(leaf.source.utf8) {
      skip(
        unit, .changedSource,
        "the translation of \(quoted(unit.key)) was made from \(quoted(source)), but the text is now "
          + "\(quoted(leaf.source)); export again for this string. The unit is left out",
        note: Diagnostic.Note("the text is here", at: plan.reference.location(of: unit.key)))
      return
    }
    let place: TableEdit.Place
    switch plan.destination.kind {
    case .strings: place = .strings(key: unit.key)
    case .stringsdict: place = .stringsdict(key: unit.key, path: unit.path)
    case .xcstrings: place = .catalog(key: unit.key, language: language, variation: unit.path)
    }
    let edit = TableEdit(
      place: place, value: unit.target, comment: unit.note ?? plan.reference.comment(of: unit.key),
      state: plan.destination.kind == .xcstrings ? Self.catalogState(unit.state) : nil,
      variable: plan.reference.variable(of: unit.key, at: unit.path))
    if let first = plan.placed[place] {
      let earlier = plan.units[first]
      guard earlier.edit.value.utf8.elementsEqual(edit.value.utf8) else {
        diagnostics.append(
          Diagnostic(
            .error, .unknownUnit,
            "\(quoted(unit.key)) is translated twice into \(language), differently; keep one",
            at: unit.location, notes: [Diagnostic.Note("the other translation is here", at: earlier.unit.location)]))
        return
      }
      return
    }
    plan.placed[place] = plan.units.count
    plan.units.append((unit, edit))
  }

  /// Reports a unit left out.
  private mutating func skip(
    _ unit: TranslationImportFile.Unit, _ code: DiagnosticCode, _ message: String, note: Diagnostic.Note? = nil
  ) {
    skippedUnits += 1
    diagnostics.append(Diagnostic(.warning, code, message, at: unit.location, notes: note.map { [$0] } ?? []))
  }

  /// Applies a file's edits, checks the result, and keeps the change.
  private mutating func finish(_ plan: PlannedFile, skippingInvalid: Bool) {
    // A file with nothing translated in it is neither created nor touched.
    guard !plan.units.isEmpty else { return }
    let destination = plan.destination
    let old: [UInt8]?
    do {
      old = try FileBytes.readRegularFile(destination.path).bytes
    } catch .missing {
      old = nil
    } catch {
      diagnostics.append(
        Diagnostic(.error, .writeFailed, "cannot edit the file: \(error)", at: SourceLocation(path: destination.path)))
      skippedUnits += plan.units.count
      return
    }
    var units = plan.units
    // Units whose translation can crash are found in each round; a round without any ends it.
    for round in 0..<3 {
      // Every unit left out: the file stays as it is (or is not created).
      guard !units.isEmpty else { return }
      let bytes: [UInt8]
      do {
        bytes = try TableEditor.apply(
          units.map(\.edit), to: old, kind: destination.kind, path: destination.path,
          newFile: TableEditor.NewFile(
            encoding: plan.reference.encoding ?? .utf8, sourceLanguage: plan.reference.language))
      } catch {
        diagnostics.append(error.diagnostic)
        skippedUnits += units.count
        return
      }
      // Every value already set: nothing to write, and nothing of the import's to check.
      guard bytes != old else { return }
      let checked = ImportFormatCheck.check(
        bytes, old: old, destination: destination, keys: Self.orderedKeys(units.map(\.unit.key)),
        reference: plan.reference)
      if let unreadable = checked.unreadable {
        diagnostics.append(unreadable)
        skippedUnits += units.count
        return
      }
      var blamed: Set<Int> = []
      var crashes = false
      for problem in checked.problems {
        let candidates = units.indices.filter { units[$0].unit.key == problem.key }
        guard
          let index = Self.blame(problem.variant, among: candidates.map { units[$0].unit.path }).map({ candidates[$0] })
        else { continue }
        let crash = problem.mismatch.consequence == .crash
        crashes = crashes || crash
        // The last round leaves out every unit of a key that still cannot take its arguments.
        if crash { blamed.formUnion(round == 2 ? candidates : [index]) }
        diagnostics.append(diagnostic(problem, unit: units[index].unit, plan: plan, skipping: crash && skippingInvalid))
      }
      guard crashes, skippingInvalid else {
        if !crashes {
          let changed = Set(checked.changedKeys)
          changes.append(
            Change(
              path: destination.path, original: old, bytes: bytes, units: units.count { changed.contains($0.unit.key) },
              encoding: old == nil && destination.kind != .xcstrings ? (plan.reference.encoding ?? .utf8).rawValue : nil
            ))
        }
        return
      }
      skippedUnits += blamed.count
      units = units.indices.filter { !blamed.contains($0) }.map { units[$0] }
    }
  }

  /// The diagnostic of a translation that does not fit its text.
  private func diagnostic(
    _ problem: ImportFormatCheck.Problem, unit: TranslationImportFile.Unit, plan: PlannedFile, skipping: Bool
  ) -> Diagnostic {
    let crash = problem.mismatch.consequence == .crash
    let language = plan.destination.language
    let reference = plan.reference.language ?? plan.destination.original.language
    let form = problem.variant.isEmpty ? "" : "in \(problem.variant), "
    return Diagnostic(
      crash && !skipping ? .error : .warning, crash ? .formatMismatch : .formatMisprint,
      "the \(language) translation of \(quoted(unit.key)) does not fit the format arguments of its \(reference) text: "
        + form + problem.mismatch.description(reference: reference) + "; \(problem.mismatch.consequenceDescription)"
        + (skipping
          ? "; the unit is left out" : crash ? "; nothing is imported (--skip-invalid imports the rest)" : ""),
      at: unit.location,
      notes: [Diagnostic.Note("the \(reference) text is here", at: plan.reference.location(of: unit.key))])
  }

  /// The unit a mismatch in a form (`files.one`, `NSStringLocalizedFormatKey`, `iphone`, `""`) is
  /// in: the one whose path ends with most of the form's parts, else the key's first unit.
  private static func blame(_ variant: String, among paths: [[String]]) -> Int? {
    guard !paths.isEmpty else { return nil }
    let parts = variant.split(separator: ".").map(String.init)
    var best = (index: 0, score: 0)
    for (index, path) in paths.enumerated() {
      var score = 0
      while score < min(parts.count, path.count), parts[parts.count - 1 - score] == path[path.count - 1 - score] {
        score += 1
      }
      // A catalog's plural compiles to a variable of its own name (`arg1.one`): the category decides.
      if score == 0, let last = parts.last, path.last == last, path.contains("plural") { score = 1 }
      if score > best.score { best = (index, score) }
    }
    return best.index
  }

  /// Each key once, in the order first given.
  private static func orderedKeys(_ keys: [String]) -> [String] {
    var seen: Set<String> = []
    return keys.filter { seen.insert($0).inserted }
  }

  /// The catalog state of a translation with an XLIFF state: reviewed or not; `nil` keeps the
  /// state the localization has (a new one is `translated`).
  static func catalogState(_ state: String?) -> String? {
    switch state {
    case "translated", "final", "signed-off": return "translated"
    case "needs-review-translation", "needs-review-l10n", "needs-review-adaptation", "needs-adaptation", "needs-l10n":
      return "needs_review"
    default: return nil
    }
  }
}
