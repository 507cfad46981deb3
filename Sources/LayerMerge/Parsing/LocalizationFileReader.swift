/// Reads `.strings` and `.stringsdict` files exactly as Apple's runtime does.
///
/// Both kinds go through the same detection as `CFPropertyListCreateWithData`: a binary plist,
/// else text in one of the encodings of FORMATS.md §1.2, parsed as an XML plist when it looks
/// like one and as an old-style plist otherwise. The reader never throws: every problem comes
/// back as a ``Diagnostic`` with the file, line and column.
public enum LocalizationFileReader {
  /// Reads and parses a file from disk. Only a regular file (after following links) of at most
  /// 256 MiB is read; a FIFO, device, socket, folder or larger file is an error naming what it is.
  /// - Parameters:
  ///   - path: The file's path, used in diagnostics as given.
  ///   - kind: The file's kind; by default judged from the extension (`.strings` if unknown).
  /// - Returns: The parsed file; an unreadable file has an error diagnostic and an empty table.
  public static func read(path: String, kind: LocalizationFileKind? = nil) -> ParsedFile {
    let resolvedKind = kind ?? LocalizationFileKind(path: path) ?? .strings
    let bytes: [UInt8]
    let fingerprint: FileFingerprint
    do {
      (bytes, fingerprint) = try FileBytes.readRegularFile(path)
    } catch {
      return ParsedFile(
        path: path, kind: resolvedKind, table: LocalizationTable(),
        diagnostics: [Diagnostic(.error, .unreadableFile, error.description, at: SourceLocation(path: path))],
        syntax: nil, encoding: nil, isReadByFoundation: false)
    }
    var parsed = parse(bytes, path: path, kind: resolvedKind)
    parsed.fingerprint = fingerprint
    return parsed
  }

  /// Parses the bytes of a file.
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The path to name in diagnostics.
  ///   - kind: The file's kind.
  /// - Returns: The parsed file.
  public static func parse(_ bytes: [UInt8], path: String, kind: LocalizationFileKind) -> ParsedFile {
    var builder = Builder(path: path, kind: kind)
    builder.parse(bytes)
    return builder.result
  }

  /// Parses the bytes of a file as ``parse(_:path:kind:)`` does, and records where each part of
  /// the text stands, for ``TableEditor``.
  /// - Returns: The parsed file, and the layout of its text (`nil` when it has no text that parsed:
  ///   a binary or empty file, or one with errors).
  static func parseForEditing(_ bytes: [UInt8], path: String, kind: LocalizationFileKind) -> (
    ParsedFile, EditableLayout?
  ) {
    var builder = Builder(path: path, kind: kind)
    builder.layout = EditableLayout(text: nil, syntax: nil)
    builder.parse(bytes)
    guard let layout = builder.layout, layout.text != nil, layout.syntax != nil else { return (builder.result, nil) }
    return (builder.result, layout)
  }
}

/// A text file's layout as ``LocalizationFileReader/parseForEditing(_:path:kind:)`` records it.
struct EditableLayout {
  /// How the parts stand.
  enum Syntax {
    /// An old-style file: its top-level entries as read, and where each stands (same order), and
    /// where a braced dictionary's `}` is.
    case oldStyle(entries: [LocalizationEntry], layouts: [OldStyleEntryLayout], closingBrace: Int?)
    /// An XML property list.
    case xml(SyntaxLayout)
  }

  /// The text the offsets refer to, as read (validated UTF-8 for the old-style parser).
  var text: DecodedText?
  var syntax: Syntax?
  /// Whether the text was read as ISO Latin-1, which its XML declaration names.
  var isLatin1 = false
}

// MARK: - Private

private struct Builder {
  var result: ParsedFile
  /// Where the parts stand, recorded when this is not `nil` at the start.
  var layout: EditableLayout?

  init(path: String, kind: LocalizationFileKind) {
    result = ParsedFile(
      path: path, kind: kind, table: LocalizationTable(), diagnostics: [], syntax: nil, encoding: nil,
      isReadByFoundation: false)
  }

  mutating func parse(_ bytes: [UInt8]) {
    if bytes.isEmpty {
      result.syntax = .empty
      report(
        .warning, .emptyFile,
        "the file is empty (0 bytes); it is read as an empty table, but Apple's reader rejects it at run time "
          + "(\"Cannot parse a NULL or zero-length data\"), so write at least a comment or a line break", at: nil)
      return
    }
    // CF checks the magic "bplist0" and leaves the version digit to the binary reader.
    guard bytes.count >= 8, bytes.starts(with: Array("bplist0".utf8)) else {
      parseText(bytes)
      return
    }
    switch BinaryPropertyListReader.read(bytes) {
    case .success(let outcome):
      applyBinary(outcome)
    case .failure(.unsupported(let message)):
      result.syntax = .binary
      report(.error, .unsupportedValue, message, at: nil)
    case .failure(.corrupt(let reason)):
      // CF goes on to read bytes it rejects as binary as text ("bplist00;" is a strings file).
      // When the text does not parse either, the binary reason is the one worth showing.
      parseText(bytes)
      if result.diagnostics.contains(where: { $0.code == .syntax || $0.code == .encoding }) {
        result.table = LocalizationTable()
        result.diagnostics = []
        result.syntax = .binary
        result.encoding = nil
        result.isReadByFoundation = false
        report(.error, .syntax, "malformed binary property list: \(reason)", at: nil)
      }
    }
  }

  /// Reads text: XML first, then the old-style parser, as CF does.
  mutating func parseText(_ bytes: [UInt8]) {
    let decoded: DecodedText
    do {
      decoded = try DecodedText.decode(bytes)
    } catch {
      report(.error, .encoding, error.message, at: position(ofByte: error.byteOffset, in: bytes))
      return
    }
    result.encoding = decoded.encoding.rawValue
    if decoded.encoding == .utf16WithoutBOM {
      // CF drops the first character and guesses the byte order; such files rarely parse, and
      // when they do the first key is mangled.
      report(
        .warning, .encoding,
        "the file looks like UTF-16 without a byte-order mark; Apple's reader drops its first character",
        at: nil)
    }
    // CF tries its XML parser first and falls back to the old-style parser when that fails.
    var xmlFailure: XMLParseFailure?
    if decoded.utf8.withUnsafeBufferPointer(XMLPropertyListParser.looksLikeXML) {
      var xmlText = decoded
      var declared =
        decoded.encoding == .utf8 ? decoded.utf8.withUnsafeBufferPointer(XMLPropertyListParser.declaredEncoding) : nil
      // CF matches encoding names loosely: ASCII characters other than letters and digits do not
      // count ("UTF~8" is UTF-8), non-ASCII ones do.
      let significant: (Character) -> Bool = { !$0.isASCII || $0.isLetter || $0.isNumber }
      // CF copies the name into a C string, so a NUL ends it; it knows no name of 60 bytes or more.
      let name = declared.map { String($0.prefix { $0 != "\u{0}" }) }
      switch name.map({ $0.utf8.count >= 60 ? "?" : String($0.lowercased().filter(significant)) }) {
      case "":
        break
      case nil, "utf8":
        declared = nil
      case "iso88591", "latin1", "isolatin1", "ascii", "usascii":
        xmlText = decoded.reinterpretedAsLatin1()
        declared = nil
        layout?.isLatin1 = true
      default:
        break
      }
      let outcome: Result<[LocalizationEntry]?, XMLParseFailure>
      if let declared {
        outcome = .failure(
          XMLParseFailure(
            message: "the XML declaration names the encoding '\(declared)'; locmerge reads XML property lists only "
              + "in UTF-8 or ISO Latin-1 (Apple's reader knows more encodings): save the file as UTF-8",
            position: TextPosition(line: 1, column: 1), code: .encoding))
      } else {
        outcome = xmlText.utf8.withUnsafeBufferPointer { parseXML($0, containsSurrogates: xmlText.containsSurrogates) }
      }
      switch outcome {
      case .success(let entries):
        apply(entries)
        layout?.text = xmlText
        return
      case .failure(let failure):
        xmlFailure = failure
      }
    }
    let text: DecodedText
    do {
      text = try decoded.validated()
    } catch {
      if let xmlFailure {
        report(.error, xmlFailure.code, xmlFailure.message, at: xmlFailure.position)
      } else {
        report(.error, .encoding, error.message, at: position(ofByte: error.byteOffset, in: bytes))
      }
      return
    }
    let source = SourceText(bytes: text.utf8, containsSurrogates: text.containsSurrogates)
    text.utf8.withUnsafeBufferPointer { buffer in
      parseOldStyle(buffer, source: source, xmlFailure: xmlFailure)
    }
    if layout != nil {
      layout?.text = text
      layout?.isLatin1 = false
    }
  }

  func position(ofByte offset: Int?, in bytes: [UInt8]) -> TextPosition? {
    offset.map { offset in
      bytes.withUnsafeBufferPointer { buffer in
        var locator = LineLocator()
        return locator.position(of: offset, in: buffer)
      }
    }
  }

  // MARK: Old-style

  mutating func parseOldStyle(_ text: UnsafeBufferPointer<UInt8>, source: SourceText, xmlFailure: XMLParseFailure?) {
    let containsSurrogates = source.containsSurrogates
    result.syntax = .oldStyle
    var locator = LineLocator()
    var scanner = OldStylePlistScanner(text: text, containsSurrogates: containsSurrogates, source: source)
    scanner.recordsLayout = layout != nil
    let outcome: OldStylePlistScanner.Outcome
    do {
      outcome = try scanner.parseTopLevel()
    } catch {
      // A file that starts like XML is meant to be XML: its XML error is the useful one.
      if let xmlFailure, XMLPropertyListParser.declaresXML(text) {
        result.syntax = .xml
        report(.error, xmlFailure.code, xmlFailure.message, at: xmlFailure.position)
      } else {
        report(.error, .syntax, error.message, at: locator.position(of: error.offset, in: text))
      }
      return
    }
    switch outcome {
    case .other(let value):
      result.isReadByFoundation = false
      report(
        .error, .notADictionary,
        "the file holds a single \(describe(value)) instead of key-value pairs; Apple's runtime ignores it "
          + "(is a ';' or '= \"value\";' missing?)", at: TextPosition(line: 1, column: 1))
      return
    case .dictionary(let entries, _):
      result.isReadByFoundation = true
      if layout != nil {
        layout?.syntax = .oldStyle(
          entries: entries, layouts: scanner.entryLayouts, closingBrace: scanner.closingBraceOffset)
      }
      addAll(entries)
      for remark in scanner.remarks {
        report(.warning, remark.code, remark.message, at: locator.position(of: remark.offset, in: text))
      }
    }
    if let stop = scanner.stopOffset {
      let cause = scanner.stopReason ?? "unexpected \(scanner.describeCharacter(at: stop))"
      let lost = scanner.countRecoverableEntries(from: stop)
      report(
        .error, .truncated,
        "\(cause); Apple's reader silently stops here and \(lostEntries(lost))",
        at: locator.position(of: stop, in: text))
    } else if let comment = scanner.unterminatedCommentOffset {
      let lost = scanner.countRecoverableEntries(from: comment + 2)
      report(
        .error, .truncated,
        "unterminated comment: '/*' without '*/' hides the rest of the file from Apple's reader and "
          + "\(lostEntries(lost))", at: locator.position(of: comment, in: text))
    }
  }

  // MARK: XML

  mutating func parseXML(_ text: UnsafeBufferPointer<UInt8>, containsSurrogates: Bool)
    -> Result<[LocalizationEntry]?, XMLParseFailure>
  {
    var locator = LineLocator()
    var parser = XMLPropertyListParser(text: text, containsSurrogates: containsSurrogates)
    if layout != nil { parser.layout = SyntaxLayout() }
    do {
      switch try parser.parseDocument() {
      case .dictionary(let rawEntries):
        if let recorded = parser.layout { layout?.syntax = .xml(recorded) }
        return .success(
          rawEntries.map { raw in
            LocalizationEntry(
              key: raw.key, value: raw.value, comment: raw.comment,
              position: locator.position(of: raw.keyOffset, in: text))
          })
      case .other:
        return .success(nil)
      }
    } catch {
      return .failure(
        XMLParseFailure(
          message: "malformed XML property list: \(error.message)",
          position: locator.position(of: error.offset, in: text)))
    }
  }

  /// Records the outcome of a successful XML parse: entries, or `nil` for a non-dictionary.
  mutating func apply(_ entries: [LocalizationEntry]?) {
    result.syntax = .xml
    guard let entries else {
      report(
        .error, .notADictionary,
        "the property list holds a single value instead of a dictionary; Apple's runtime ignores it",
        at: TextPosition(line: 1, column: 1))
      return
    }
    result.isReadByFoundation = true
    for entry in entries { add(entry) }
  }

  // MARK: Binary

  mutating func applyBinary(_ outcome: BinaryPropertyListReader.Outcome) {
    result.syntax = .binary
    guard case .dictionary(let entries) = outcome else {
      report(
        .error, .notADictionary, "the binary property list is not a dictionary; Apple's runtime ignores it",
        at: nil)
      return
    }
    result.isReadByFoundation = true
    for entry in entries { add(entry) }
  }

  // MARK: Shared

  /// Stores a whole file's entries: moved into the table in one piece when no key repeats.
  mutating func addAll(_ entries: [LocalizationEntry]) {
    if result.kind == .strings {
      for index in entries.indices where !entries[index].hasStringValue {
        reportNonString(entries[index])
      }
    }
    let (table, duplicates) = LocalizationTable.building(entries)
    result.table = table
    for (previous, entry) in duplicates { reportDuplicate(entry, previous: previous) }
  }

  mutating func add(_ entry: LocalizationEntry) {
    if result.kind == .strings, !entry.hasStringValue { reportNonString(entry) }
    if let previous = result.table.upsert(entry) { reportDuplicate(entry, previous: previous) }
  }

  mutating func reportNonString(_ entry: LocalizationEntry) {
    report(
      .warning, .nonStringValue,
      "the value of \(quoted(entry.key)) is \(withArticle(entry.value)), not a string; lookups of this key "
        + "return no usable text", at: entry.position)
  }

  mutating func reportDuplicate(_ entry: LocalizationEntry, previous: LocalizationEntry) {
    let location = SourceLocation(path: result.path, position: previous.position)
    report(
      .warning, .duplicateKey, "key \(quoted(entry.key)) is defined twice in this file; the last definition wins",
      at: entry.position, notes: [Diagnostic.Note("the first definition is here", at: location)])
  }

  mutating func report(
    _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, at position: TextPosition?,
    notes: [Diagnostic.Note] = []
  ) {
    result.diagnostics.append(
      Diagnostic(severity, code, message, at: SourceLocation(path: result.path, position: position), notes: notes))
  }

  func lostEntries(_ count: Int) -> String {
    switch count {
    case 0: return "ignores everything after this point (no complete entry follows)"
    case 1: return "drops the rest of the file: 1 entry after this point is lost at run time"
    default: return "drops the rest of the file: \(count) entries after this point are lost at run time"
    }
  }

  func describe(_ value: LocalizationValue) -> String {
    switch value {
    case .string: return "string"
    case .dictionary: return "dictionary"
    case .array: return "array"
    case .data: return "data value"
    case .integer: return "integer"
    case .real: return "number"
    case .boolean: return "Boolean"
    case .date: return "date"
    }
  }

  func withArticle(_ value: LocalizationValue) -> String {
    let noun = describe(value)
    switch noun.first {
    case "a", "e", "i", "o", "u": return "an \(noun)"
    default: return "a \(noun)"
    }
  }
}

/// Why the XML parser gave up, kept in case the old-style parser fails too.
private struct XMLParseFailure: Error {
  var message: String
  var position: TextPosition
  /// `.encoding` for a declared encoding we do not read; `.syntax` otherwise.
  var code: DiagnosticCode = .syntax
}

/// Orders strings by UTF-16 code units, as `CFStringCompare` without options does.
func utf16Precedes(_ lhs: String, _ rhs: String) -> Bool {
  lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
}
