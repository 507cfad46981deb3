/// Finds the localized-string lookups in source files: which key, which table, where.
///
/// ```swift
/// let scanner = SourceScanner(helpers: [
///   LookupHelper(form: .call(name: "L10n.tr", key: .position(1), table: .position(0)))
/// ])
/// for lookup in scanner.scan(Array(source.utf8), language: .swift) {
///   print(lookup.position, lookup.form, lookup.key, lookup.table)
/// }
/// ```
///
/// The file is read by a lexer (comments, raw and multi-line literals, escapes, interpolations,
/// regex literals: see `docs/usage-scanner.md`), then the call forms are matched on its tokens.
/// Pure and linear in the input; bad source never stops it (an unterminated literal or comment
/// ends at the end of its line or of the file). Files are read as UTF-8; only their first 2 GB
/// count.
public struct SourceScanner: Sendable {
  private let swiftForms: [LookupForm]
  private let swiftNames: FormNames
  private let objectiveCForms: [LookupForm]
  private let objectiveCNames: FormNames

  /// A scanner for the built-in forms and the project's helpers.
  /// - Parameter helpers: The lookup helpers the project declares; a helper spelled like a
  ///   built-in form is tried first.
  public init(helpers: [LookupHelper] = []) {
    swiftForms = LookupForm.forms(for: .swift, helpers: helpers)
    swiftNames = FormNames(swiftForms)
    objectiveCForms = LookupForm.forms(for: .objectiveC, helpers: helpers)
    objectiveCNames = FormNames(objectiveCForms)
  }

  /// The lookups in one source file, in the order of their key arguments.
  /// - Parameters:
  ///   - bytes: The file's contents (UTF-8).
  ///   - language: The language it is written in.
  /// - Returns: Each lookup with its key, table, form, position and bundle.
  public func scan(_ bytes: [UInt8], language: SourceLanguage) -> [SourceLookup] {
    bytes.withUnsafeBufferPointer { scan($0, language: language) }
  }

  /// The same, on bytes in memory.
  /// - Parameters:
  ///   - bytes: The file's contents (UTF-8).
  ///   - language: The language it is written in.
  /// - Returns: Each lookup with its key, table, form, position and bundle.
  public func scan(_ bytes: UnsafeBufferPointer<UInt8>, language: SourceLanguage) -> [SourceLookup] {
    scan(bytes, language: language, positions: true).lookups
  }

  /// The lookups in one source file for numbering their keys, and nothing more: no position, no
  /// form, a literal key or an interpolation's text of ASCII as bytes (``BriefLookups``). A caller
  /// that reports a few lookups scans those files again in full.
  func briefScan(_ bytes: [UInt8], language: SourceLanguage) -> BriefLookups {
    bytes.withUnsafeBufferPointer { scan($0, language: language, positions: false).brief }
  }

  private func scan(_ bytes: UnsafeBufferPointer<UInt8>, language: SourceLanguage, positions: Bool)
    -> LookupMatcher.Found
  {
    let text = UnsafeBufferPointer(rebasing: bytes[0..<min(bytes.count, Int(Int32.max) - 1)])
    let match = { (tokens: SourceTokens) in
      LookupMatcher.lookups(
        in: text, tokens: tokens, forms: language == .swift ? swiftForms : objectiveCForms,
        names: language == .swift ? swiftNames : objectiveCNames, language: language, brief: !positions)
    }
    var found =
      language == .swift
      ? swiftNames.lengths.withUnsafeBufferPointer { SwiftLexer.withTokens(of: text, formLengths: $0, match) }
      : ObjectiveCLexer.withTokens(of: text, match)
    guard positions else { return found }
    // Positions are worked out in one pass over increasing offsets, set in place.
    var locator = LineLocator()
    for index in found.lookups.indices {
      found.lookups[index].position = locator.position(of: found.offsets[index], in: text)
    }
    return found
  }
}
