/// A value of the copies that `build` would refuse once extracted (a translation whose format can
/// crash the app): found before anything is written by merging every target's new stack as
/// `build` does, and placed back in the copy, where the user can fix it.
public struct ErrorInCopy: Hashable, Sendable {
  /// What `build` would report, at the value in the copy of the first target that reports it,
  /// its notes placed in that copy too.
  public var diagnostic: Diagnostic
  /// Where the value goes among the new layers, relative to `OUT`
  /// (`Globex/de.lproj/Localizable.strings`).
  public var extractedLocation: SourceLocation?
  /// The targets whose build would report it, in the order of the copies.
  public var targets: [String]
  /// The baseline entry that lets `build` keep exactly this value (`extract --keep-errors`), its
  /// file relative to `OUT`; `nil` when the error is not at one value and cannot be kept.
  public var knownError: KnownError?
  /// The message as `build` would print it, which every target that finds the error shares.
  var buildMessage: String
}

extension ErrorInCopy {
  /// The errors a target's merge of the new layers reports, placed in its copy.
  /// - Parameters:
  ///   - merged: The merge of the target's stack, read back from the rendered files.
  ///   - stack: That stack.
  ///   - copy: The target's copy.
  static func errors(in merged: MergeResult, stack: [LoadedLayer], copy: LoadedLayer) -> [ErrorInCopy] {
    let errors = merged.diagnostics.filter { $0.severity == .error && $0.code != .extractionMismatch }
    guard !errors.isEmpty else { return [] }
    var locator = ValueLocator(stack)
    let files = Dictionary(
      stack.flatMap { layer in
        layer.files.map { ($0.value.path, $0.key) } + layer.catalogs.map { ($0.value.path, $0.key) }
      }, uniquingKeysWith: { first, _ in first })
    return errors.map { error in
      func place(_ location: SourceLocation) -> SourceLocation {
        ErrorInCopy.place(location, files: files, locator: &locator, in: copy)
      }
      var placed = error
      placed.message = "target '\(copy.layer.name)' would not build once extracted: \(error.message)"
      placed.location = error.location.map(place)
      placed.notes = error.notes.map { note in
        var moved = note
        moved.location = note.location.map(place)
        return moved
      }
      return ErrorInCopy(
        diagnostic: placed, extractedLocation: error.location, targets: [copy.layer.name],
        knownError: error.location.flatMap { KnownError.at($0, code: error.code, in: &locator) },
        buildMessage: error.message)
    }
  }

  /// The errors of every target, each once: one the shared layers hold is found by every target
  /// that uses them, and kept at the first one's copy.
  static func merged(_ perTarget: [[ErrorInCopy]]) -> [ErrorInCopy] {
    var result: [ErrorInCopy] = []
    var index: [String: Int] = [:]
    for error in perTarget.joined() {
      let place = error.extractedLocation?.description ?? ""
      let key = "\(error.diagnostic.code.rawValue)\u{0}\(place)\u{0}\(error.buildMessage)"
      if let found = index[key] {
        result[found].targets += error.targets
      } else {
        index[key] = result.count
        result.append(error)
      }
    }
    return result
  }

  /// A place in a rendered layer file moved to the same table (and key, and language) of the copy.
  private static func place(
    _ location: SourceLocation, files: [String: TableAddress], locator: inout ValueLocator, in copy: LoadedLayer
  ) -> SourceLocation {
    guard let address = files[location.path] else { return location }
    let value = locator.value(at: location)
    if address.isCatalog {
      guard let original = copy.catalogs[address] else { return location }
      let entry = value.flatMap { original.catalog?[$0.key] }
      var position = entry?.position
      if case .localization(_, let localization, _)? = value, let found = entry?[localization.language]?.position {
        position = found
      }
      return SourceLocation(path: original.path, position: position)
    }
    guard let original = copy.files[address] else { return location }
    return SourceLocation(path: original.path, position: value.flatMap { original.table[$0.key]?.position })
  }
}
