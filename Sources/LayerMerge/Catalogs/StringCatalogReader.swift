/// Reads String Catalogs (`.xcstrings`) into ``StringCatalog``s, with a diagnostic for every
/// problem: invalid JSON, a missing `sourceLanguage` or `strings`, a field or unit of the wrong
/// shape (errors), keys repeated or canonically equivalent (warnings). Each points at the line and
/// column of the offending key or value.
///
/// Any `version` is accepted and kept, and so is every field the model does not know.
public enum StringCatalogReader {
  /// Reads and parses a catalog from disk.
  /// - Parameter path: The file's path, used in diagnostics as given.
  /// - Returns: The parsed catalog; an unreadable file has an error diagnostic and no catalog.
  public static func read(path: String) -> ParsedCatalog {
    guard let (bytes, fingerprint) = FileBytes.readWithFingerprint(path) else {
      return ParsedCatalog(
        path: path, catalog: nil,
        diagnostics: [Diagnostic(.error, .unreadableFile, "cannot read the file", at: SourceLocation(path: path))])
    }
    var parsed = parse(bytes, path: path)
    parsed.fingerprint = fingerprint
    return parsed
  }

  /// Parses the bytes of a catalog.
  /// - Parameters:
  ///   - bytes: The file's contents (UTF-8 JSON).
  ///   - path: The path to name in diagnostics.
  /// - Returns: The catalog (without the parts that had errors) and the diagnostics.
  public static func parse(_ bytes: [UInt8], path: String) -> ParsedCatalog {
    // Most catalogs have nothing to report: read them without the tree.
    if let catalog = StringCatalogDirectReader.catalog(from: bytes) {
      return ParsedCatalog(path: path, catalog: catalog, diagnostics: [])
    }
    return parseThroughTree(bytes, path: path)
  }

  /// Parses the bytes of a catalog through a `JSONNode` tree: the path that finds and reports
  /// every problem.
  static func parseThroughTree(_ bytes: [UInt8], path: String) -> ParsedCatalog {
    let root: JSONNode
    do {
      root = try JSONReader.parse(bytes)
    } catch {
      return ParsedCatalog(
        path: path, catalog: nil,
        diagnostics: [
          Diagnostic(
            .error, .syntax, "invalid JSON: \(error.message)", at: SourceLocation(path: path, position: error.position))
        ])
    }
    var builder = CatalogBuilder(path: path)
    let catalog = builder.catalog(from: root)
    return ParsedCatalog(path: path, catalog: catalog, diagnostics: builder.diagnostics)
  }
}

/// The result of reading one String Catalog.
public struct ParsedCatalog: Sendable {
  /// The path the catalog was read from.
  public var path: String
  /// The catalog; `nil` when the file is not JSON, not an object, or lacks `sourceLanguage` or `strings`.
  public var catalog: StringCatalog?
  /// Problems found, with their positions.
  public var diagnostics: [Diagnostic]
  /// The file's size, modification time and inode when it was read.
  public var fingerprint: FileFingerprint?

  /// Creates a result.
  public init(path: String, catalog: StringCatalog?, diagnostics: [Diagnostic]) {
    self.path = path
    self.catalog = catalog
    self.diagnostics = diagnostics
  }

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.containsErrors }

  /// The table name: the file name without `.xcstrings`.
  public var tableName: String {
    let name = PathText.lastComponent(path)
    return name.hasSuffix(".xcstrings") ? String(name.dropLast(".xcstrings".count)) : name
  }
}

// MARK: - Private

private struct CatalogBuilder {
  let path: String
  var diagnostics: [Diagnostic] = []

  init(path: String) {
    self.path = path
  }

  mutating func catalog(from root: JSONNode) -> StringCatalog? {
    guard let members = root.members else {
      error(at: root.position, "a String Catalog is a JSON object, but this file holds \(root.kindDescription)")
      return nil
    }
    var sourceLanguage: (String, TextPosition)?
    var version: String?
    var strings: JSONMember?
    var others: [JSONMember] = []
    for member in lastOfEach(members) {
      switch member.key {
      case "sourceLanguage":
        if let text = expectString(member) { sourceLanguage = (text, member.keyPosition) }
      case "version":
        version = expectString(member)
      case "strings":
        if expectObject(member) != nil { strings = member }
      default:
        others.append(member)
      }
    }
    guard let sourceLanguage else {
      if !diagnostics.containsErrors { error(at: root.position, "the catalog has no \"sourceLanguage\"") }
      return nil
    }
    guard let strings, let entries = strings.value.members else {
      if !diagnostics.containsErrors { error(at: root.position, "the catalog has no \"strings\"") }
      return nil
    }
    var catalog = StringCatalog(sourceLanguage: sourceLanguage.0, version: version, otherFields: others)
    catalog.sourceLanguagePosition = sourceLanguage.1
    // Swift strings compare by canonical equivalence, CF keys by their code units: keys that are
    // equal here but not byte for byte are two entries for Xcode, and one for Swift dictionaries.
    var firstOfEquivalents: [String: JSONMember] = [:]
    var firstByBytes: [ByteKey: JSONMember] = [:]
    for member in entries {
      let bytes = ByteKey(member.key)
      if let earlier = firstByBytes[bytes] {
        warning(
          .duplicateKey, at: member.keyPosition, "key \(quoted(member.key)) is defined twice; the last definition wins",
          note: ("first defined here", earlier.keyPosition))
      } else {
        firstByBytes[bytes] = member
        if let equivalent = firstOfEquivalents[member.key] {
          warning(
            .equivalentKeys, at: member.keyPosition,
            "key \(quoted(member.key)) is canonically equivalent to key \(quoted(equivalent.key)) but differs in its "
              + "bytes (\(codePoints(member.key)) vs \(codePoints(equivalent.key))); Xcode and the runtime keep two "
              + "entries, tools built on Swift dictionaries merge them",
            note: ("the other key is here", equivalent.keyPosition))
        } else {
          firstOfEquivalents[member.key] = member
        }
      }
      if let entry = entry(from: member) { catalog.upsert(entry) }
    }
    return catalog
  }

  mutating func entry(from member: JSONMember) -> CatalogEntry? {
    guard let members = expectObject(member) else { return nil }
    var entry = CatalogEntry(key: member.key)
    entry.position = member.keyPosition
    for field in lastOfEach(members) {
      switch field.key {
      case "comment": entry.comment = expectString(field)
      case "isCommentAutoGenerated": entry.isCommentAutoGenerated = expectBool(field)
      case "extractionState": entry.extractionState = expectString(field)
      case "shouldTranslate": entry.shouldTranslate = expectBool(field)
      case "generatesSymbol": entry.generatesSymbol = expectBool(field)
      case "localizations":
        guard let languages = expectObject(field) else { continue }
        entry.localizations = lastOfEach(languages, warnAbout: "language").compactMap { language in
          variant(from: language).map {
            CatalogLocalization(language: language.key, variant: $0, position: language.keyPosition)
          }
        }
      default: entry.otherFields.append(field)
      }
    }
    return entry
  }

  mutating func variant(from member: JSONMember) -> CatalogVariant? {
    guard let members = expectObject(member) else { return nil }
    var variant = CatalogVariant()
    variant.position = member.value.position
    for field in lastOfEach(members) {
      switch field.key {
      case "stringUnit": variant.stringUnit = stringUnit(from: field)
      case "variations": variant.variations = variations(from: field)
      case "substitutions":
        guard let substitutions = expectObject(field) else { continue }
        variant.substitutions = lastOfEach(substitutions).compactMap { substitution(from: $0) }
      default: variant.otherFields.append(field)
      }
    }
    return variant
  }

  mutating func stringUnit(from member: JSONMember) -> CatalogStringUnit? {
    guard let members = expectObject(member) else { return nil }
    var state: String?
    var value: (String, TextPosition)?
    var others: [JSONMember] = []
    for field in lastOfEach(members) {
      switch field.key {
      case "state": state = expectString(field)
      case "value": if let text = expectString(field) { value = (text, field.value.position) }
      default: others.append(field)
      }
    }
    guard let value else {
      if !members.contains(where: { $0.key == "value" }) {
        error(at: member.value.position, "this \"stringUnit\" has no \"value\"")
      }
      return nil
    }
    var unit = CatalogStringUnit(state: state, value: value.0)
    unit.valuePosition = value.1
    unit.position = member.value.position
    unit.otherFields = others
    return unit
  }

  mutating func variations(from member: JSONMember) -> CatalogVariations? {
    guard let members = expectObject(member) else { return nil }
    var variations = CatalogVariations()
    variations.position = member.value.position
    for field in lastOfEach(members) {
      switch field.key {
      case "plural", "device":
        guard let cases = expectObject(field) else { continue }
        let parsed = lastOfEach(cases).compactMap { item in
          variant(from: item).map { CatalogCase(item.key, $0, position: item.keyPosition) }
        }
        if field.key == "plural" {
          variations.plural = parsed
          variations.pluralPosition = field.keyPosition
        } else {
          variations.device = parsed
        }
      default: variations.otherFields.append(field)
      }
    }
    return variations
  }

  mutating func substitution(from member: JSONMember) -> CatalogSubstitution? {
    guard let members = expectObject(member) else { return nil }
    var substitution = CatalogSubstitution(name: member.key, argNum: nil, formatSpecifier: nil, variations: nil)
    substitution.position = member.keyPosition
    for field in lastOfEach(members) {
      switch field.key {
      case "argNum":
        guard case .number(let text) = field.value.value, let number = Int(text), number > 0 else {
          error(at: field.value.position, "\"argNum\" must be a positive whole number, not \(describe(field.value))")
          continue
        }
        substitution.argNum = number
      case "formatSpecifier": substitution.formatSpecifier = expectString(field)
      case "variations": substitution.variations = variations(from: field)
      default: substitution.otherFields.append(field)
      }
    }
    return substitution
  }

  // MARK: Shapes

  /// The members of an object, each key once (the last occurrence, where the first stood), as
  /// JSONSerialization and Xcode read them.
  mutating func lastOfEach(_ members: [JSONMember], warnAbout kind: String? = nil) -> [JSONMember] {
    members.lastOfEachKey(\.key) { first, last in
      guard let kind else { return }
      warning(
        .duplicateKey, at: last.keyPosition, "\(kind) \(quoted(last.key)) is given twice; the last one wins",
        note: ("first given here", first.keyPosition))
    }
  }

  mutating func expectObject(_ member: JSONMember) -> [JSONMember]? {
    if let members = member.value.members { return members }
    error(
      at: member.value.position, "the value of \(quoted(member.key)) must be an object, not \(describe(member.value))")
    return nil
  }

  mutating func expectString(_ member: JSONMember) -> String? {
    if let text = member.value.string { return text }
    error(
      at: member.value.position, "the value of \(quoted(member.key)) must be a string, not \(describe(member.value))")
    return nil
  }

  mutating func expectBool(_ member: JSONMember) -> Bool? {
    if let flag = member.value.bool { return flag }
    error(
      at: member.value.position,
      "the value of \(quoted(member.key)) must be true or false, not \(describe(member.value))")
    return nil
  }

  func describe(_ node: JSONNode) -> String {
    switch node.value {
    case .string(let text): return "the string \(quoted(text))"
    case .number(let text): return "the number \(text)"
    default: return node.kindDescription
    }
  }

  mutating func error(at position: TextPosition, _ message: String) {
    diagnostics.append(Diagnostic(.error, .catalogSchema, message, at: SourceLocation(path: path, position: position)))
  }

  mutating func warning(
    _ code: DiagnosticCode, at position: TextPosition, _ message: String, note: (String, TextPosition)
  ) {
    diagnostics.append(
      Diagnostic(
        .warning, code, message, at: SourceLocation(path: path, position: position),
        notes: [Diagnostic.Note(note.0, at: SourceLocation(path: path, position: note.1))]))
  }
}

/// `U+0065 U+0301`, for messages about keys that look alike.
private func codePoints(_ text: String) -> String {
  text.unicodeScalars.map { scalar in
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }.joined(separator: " ")
}
