#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a well-formed String Catalog from its bytes straight into the model, without the
/// `JSONNode` tree in between: most catalogs have nothing to report, and building the tree and
/// then walking it was half of reading one.
///
/// It reads with ``JSONReader``'s scanner and records the same positions as the tree reader.
/// At the first thing that would need a diagnostic — a syntax error, a field of the wrong shape,
/// a missing field, a key or field given twice, keys canonically equivalent — it gives up, and
/// ``StringCatalogReader`` reads the file through the tree, which reports it. So it only ever
/// returns what the tree reader returns for a file without diagnostics.
enum StringCatalogDirectReader {
  /// The catalog, or `nil` when the file needs the tree reader's diagnostics.
  static func catalog(from bytes: [UInt8]) -> StringCatalog? {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      return try? scanner.catalogDocument()
    }
  }
}

// MARK: - Private

extension JSONScanner {
  /// The document, as ``document()`` reads it, as a catalog.
  fileprivate mutating func catalogDocument() throws(JSONSyntaxError) -> StringCatalog {
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { offset = 3 }
    if bytes.count >= 2 && ((bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)) {
      throw giveUp()
    }
    skipWhitespace()
    let catalog = try catalogObject()
    skipWhitespace()
    guard offset == bytes.count else { throw giveUp() }
    return catalog
  }

  private mutating func catalogObject() throws(JSONSyntaxError) -> StringCatalog {
    var sourceLanguage: (String, TextPosition)?
    var version: String?
    var entries: [CatalogEntry]?
    var others: [JSONMember] = []
    var seen = SeenFields()
    var more = try openObject()
    while more {
      let (name, keyPosition) = try memberName()
      if isName(name, "sourceLanguage") {
        guard sourceLanguage == nil else { throw giveUp() }
        sourceLanguage = (try stringValue(), keyPosition)
      } else if isName(name, "version") {
        guard version == nil else { throw giveUp() }
        version = try stringValue()
      } else if isName(name, "strings") {
        guard entries == nil else { throw giveUp() }
        entries = try catalogEntries()
      } else {
        try appendOther(try text(of: name), at: keyPosition, to: &others, seen: &seen)
      }
      more = try nextMember()
    }
    guard let sourceLanguage, let entries else { throw giveUp() }
    // Keys that differ as Strings differ as bytes.
    var catalog = StringCatalog(
      sourceLanguage: sourceLanguage.0, version: version, otherFields: others, distinctEntries: entries)
    catalog.sourceLanguagePosition = sourceLanguage.1
    return catalog
  }

  private mutating func catalogEntries() throws(JSONSyntaxError) -> [CatalogEntry] {
    guard try openObject() else { return [] }
    var part = EntriesPart(scanner: self)
    if let split = splitPoint() {
      // A large catalog is read in two halves side by side. The second half starts at a line
      // that looks like an entry's key; it counts only if the first half, read from the start,
      // ends exactly there, at the start of a member of this object. Otherwise the first half
      // reads on to the end, as if nothing had been tried, and the second half's work is lost.
      var secondScanner = self
      secondScanner.offset = split.offset
      secondScanner.line = split.line
      secondScanner.lineStart = split.lineStart
      secondScanner.columnOffset = split.lineStart
      secondScanner.column = 1
      let second = EntriesPart(scanner: secondScanner)
      let (first, rest) = sideBySide(
        {
          var part = part
          part.read(stoppingAt: split.offset)
          return part
        },
        {
          var part = second
          part.read(stoppingAt: nil)
          return part
        })
      part = first
      if part.reachedStop, rest.failed == false, part.scanner.line == split.line {
        for key in rest.keys where !part.keys.insert(key).inserted { throw giveUp() }
        part.entries += rest.entries
        part.scanner = rest.scanner
      } else if part.reachedStop {
        part.read(stoppingAt: nil)
      }
    } else {
      part.read(stoppingAt: nil)
    }
    guard !part.failed else { throw giveUp() }
    self = part.scanner
    return part.entries
  }

  /// Where a second reader may start in the members of the object just entered, at its first
  /// member's key: the first line after the middle of what is left that is indented as that key's
  /// line and starts with a key (a raw line break is never inside a JSON string). `nil` for less
  /// than a megabyte, a first key that does not start its line, no such line near the middle, or
  /// carriage returns before it.
  private func splitPoint() -> (offset: Int, line: Int, lineStart: Int)? {
    guard bytes.count - offset >= 1 << 20, let base = bytes.baseAddress else { return nil }
    let indent = offset - lineStart
    guard indent >= 0, (lineStart..<offset).allSatisfy({ bytes[$0] == 0x20 || bytes[$0] == 0x09 }) else { return nil }
    var cursor = offset + (bytes.count - offset) / 2
    let limit = min(bytes.count, cursor + 1 << 16)
    while cursor < limit, let newline = memchr(base + cursor, 0x0A, limit - cursor) {
      let next = UnsafePointer<UInt8>(newline.assumingMemoryBound(to: UInt8.self)) - base + 1
      let key = next + indent
      if key < bytes.count, bytes[key] == UInt8(ascii: "\""), memcmp(base + next, base + lineStart, indent) == 0 {
        guard memchr(base, 0x0D, next) == nil else { return nil }
        return (key, 1 + countLineFeeds(UnsafeBufferPointer(start: base, count: next)), next)
      }
      cursor = next
    }
    return nil
  }

  // File-private, as `memberKey()` and `nextMember()`: `EntriesPart` reads entries with them.
  fileprivate mutating func catalogEntry(_ key: String, at position: TextPosition) throws(JSONSyntaxError)
    -> CatalogEntry
  {
    var entry = CatalogEntry(key: key)
    entry.position = position
    var seen = SeenFields()
    var more = try openObject()
    while more {
      let (field, fieldPosition) = try memberName()
      if isName(field, "localizations") {
        try seen.insert(5)
        entry.localizations = try localizations()
      } else if isName(field, "comment") {
        try seen.insert(0)
        entry.comment = try stringValue()
      } else if isName(field, "extractionState") {
        try seen.insert(2)
        entry.extractionState = try shortStringValue(hint: 0)
      } else if isName(field, "isCommentAutoGenerated") {
        try seen.insert(1)
        entry.isCommentAutoGenerated = try boolValue()
      } else if isName(field, "shouldTranslate") {
        try seen.insert(3)
        entry.shouldTranslate = try boolValue()
      } else if isName(field, "generatesSymbol") {
        try seen.insert(4)
        entry.generatesSymbol = try boolValue()
      } else {
        try appendOther(try text(of: field), at: fieldPosition, to: &entry.otherFields, seen: &seen)
      }
      more = try nextMember()
    }
    return entry
  }

  private mutating func localizations() throws(JSONSyntaxError) -> [CatalogLocalization] {
    var localizations: [CatalogLocalization] = []
    var languages = SeenNames()
    var more = try openObject()
    while more {
      let (name, position) = try memberName()
      // Codes are reused from the slots after the two of the states, by their place in the entry.
      let language = try shortName(name, hint: 2 + localizations.count)
      guard languages.insert(language) else { throw giveUp() }
      localizations.append(CatalogLocalization(language: language, variant: try variant(), position: position))
      more = try nextMember()
    }
    return localizations
  }

  private mutating func variant() throws(JSONSyntaxError) -> CatalogVariant {
    var variant = CatalogVariant()
    variant.position = here()
    var seen = SeenFields()
    var more = try openObject()
    while more {
      let (field, fieldPosition) = try memberName()
      if isName(field, "stringUnit") {
        try seen.insert(0)
        variant.stringUnit = try stringUnit()
      } else if isName(field, "variations") {
        try seen.insert(1)
        variant.variations = try variations()
      } else if isName(field, "substitutions") {
        try seen.insert(2)
        variant.substitutions = try substitutions()
      } else {
        try appendOther(try text(of: field), at: fieldPosition, to: &variant.otherFields, seen: &seen)
      }
      more = try nextMember()
    }
    return variant
  }

  private mutating func stringUnit() throws(JSONSyntaxError) -> CatalogStringUnit {
    let position = here()
    var state: String?
    var value: (String, TextPosition)?
    var others: [JSONMember] = []
    var seen = SeenFields()
    var more = try openObject()
    while more {
      let (field, fieldPosition) = try memberName()
      if isName(field, "state") {
        try seen.insert(0)
        state = try shortStringValue(hint: 1)
      } else if isName(field, "value") {
        try seen.insert(1)
        let valuePosition = here()
        value = (try stringValue(), valuePosition)
      } else {
        try appendOther(try text(of: field), at: fieldPosition, to: &others, seen: &seen)
      }
      more = try nextMember()
    }
    guard let value else { throw giveUp() }
    var unit = CatalogStringUnit(state: state, value: value.0)
    unit.valuePosition = value.1
    unit.position = position
    unit.otherFields = others
    return unit
  }

  private mutating func variations() throws(JSONSyntaxError) -> CatalogVariations {
    var variations = CatalogVariations()
    variations.position = here()
    var seen = SeenFields()
    var more = try openObject()
    while more {
      let (field, fieldPosition) = try memberName()
      if isName(field, "plural") {
        try seen.insert(0)
        variations.plural = try cases()
        variations.pluralPosition = fieldPosition
      } else if isName(field, "device") {
        try seen.insert(1)
        variations.device = try cases()
      } else {
        try appendOther(try text(of: field), at: fieldPosition, to: &variations.otherFields, seen: &seen)
      }
      more = try nextMember()
    }
    return variations
  }

  private mutating func cases() throws(JSONSyntaxError) -> [CatalogCase] {
    var cases: [CatalogCase] = []
    var names = SeenNames()
    var more = try openObject()
    while more {
      let (name, position) = try memberKey()
      guard names.insert(name) else { throw giveUp() }
      cases.append(CatalogCase(name, try variant(), position: position))
      more = try nextMember()
    }
    return cases
  }

  private mutating func substitutions() throws(JSONSyntaxError) -> [CatalogSubstitution] {
    var substitutions: [CatalogSubstitution] = []
    var names = SeenNames()
    var more = try openObject()
    while more {
      let (name, position) = try memberKey()
      guard names.insert(name) else { throw giveUp() }
      substitutions.append(try substitution(name, at: position))
      more = try nextMember()
    }
    return substitutions
  }

  private mutating func substitution(_ name: String, at position: TextPosition) throws(JSONSyntaxError)
    -> CatalogSubstitution
  {
    var substitution = CatalogSubstitution(name: name, argNum: nil, formatSpecifier: nil, variations: nil)
    substitution.position = position
    var seen = SeenFields()
    var more = try openObject()
    while more {
      let (field, fieldPosition) = try memberName()
      if isName(field, "argNum") {
        try seen.insert(0)
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "-") || isDigit(bytes[offset]),
          let number = Int(try number()), number > 0
        else { throw giveUp() }
        substitution.argNum = number
      } else if isName(field, "formatSpecifier") {
        try seen.insert(1)
        substitution.formatSpecifier = try stringValue()
      } else if isName(field, "variations") {
        try seen.insert(2)
        substitution.variations = try variations()
      } else {
        try appendOther(try text(of: field), at: fieldPosition, to: &substitution.otherFields, seen: &seen)
      }
      more = try nextMember()
    }
    return substitution
  }

  // MARK: Objects, as object() reads them

  /// At `{`: enters the object; `false` when it is empty (and left).
  private mutating func openObject() throws(JSONSyntaxError) -> Bool {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else { throw giveUp() }
    try enterContainer()
    offset += 1
    skipWhitespace()
    if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return false
    }
    return true
  }

  /// The next member's key and where it stands; leaves the offset at its value.
  fileprivate mutating func memberKey() throws(JSONSyntaxError) -> (String, TextPosition) {
    let position = try memberStart()
    let key = try string()
    try memberColon()
    return (key, position)
  }

  /// The next member's name as its bytes stand between the quotes, and where it stands; leaves
  /// the offset at its value. Field names and language codes have no escapes: one that has is
  /// left to the tree reader.
  private mutating func memberName() throws(JSONSyntaxError) -> (Range<Int>, TextPosition) {
    let position = try memberStart()
    let name = try rawString()
    try memberColon()
    return (name, position)
  }

  /// Before a member: the position of its key's opening quote, where the offset is left.
  private mutating func memberStart() throws(JSONSyntaxError) -> TextPosition {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw giveUp() }
    return here()
  }

  /// After a member's key: past the colon and the whitespace around it.
  private mutating func memberColon() throws(JSONSyntaxError) {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw giveUp() }
    offset += 1
    skipWhitespace()
  }

  /// At a string's opening quote: the range of its bytes, when it has no escape and no control
  /// character; leaves the offset after the closing quote.
  private mutating func rawString() throws(JSONSyntaxError) -> Range<Int> {
    let start = offset + 1
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
      guard bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 else { throw giveUp() }
      end += 1
    }
    guard end < bytes.count else { throw giveUp() }
    offset = end + 1
    return start..<end
  }

  /// Whether a name read by ``memberName()`` is `field`.
  private func isName(_ name: Range<Int>, _ field: StaticString) -> Bool {
    guard name.count == field.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
    return memcmp(base + name.lowerBound, field.utf8Start, name.count) == 0
  }

  /// A name read by ``memberName()``, as text (invalid UTF-8 is left to the tree reader).
  private func text(of name: Range<Int>) throws(JSONSyntaxError) -> String {
    do { return try validated(name) } catch { throw giveUp() }
  }

  /// A short name (a language code, a state) as text, the one made before for the same bytes
  /// when there is one: at `hint` in ``madeNames`` first, where the same name stood last time.
  private mutating func shortName(_ name: Range<Int>, hint: Int) throws(JSONSyntaxError) -> String {
    guard name.count <= 15, let base = bytes.baseAddress else { return try text(of: name) }
    let raw = UnsafeBufferPointer(start: base + name.lowerBound, count: name.count)
    func isSame(_ made: String) -> Bool {
      made.utf8.count == raw.count && made.utf8.withContiguousStorageIfAvailable { sameBytes($0, raw) } == true
    }
    if hint < madeNames.count, isSame(madeNames[hint]) { return madeNames[hint] }
    let made: String
    // Reuse looks among the first few slots only: an entry with many languages would otherwise
    // search every earlier one for each (quadratic); a name not found is only made again.
    if let earlier = madeNames.prefix(32).first(where: isSame) { made = earlier } else { made = try text(of: name) }
    while madeNames.count <= hint { madeNames.append("") }
    madeNames[hint] = made
    return made
  }

  /// A string value that is usually one of a few short words (a state), as ``shortName(_:hint:)``
  /// makes it; one with an escape is read as any string.
  private mutating func shortStringValue(hint: Int) throws(JSONSyntaxError) -> String {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw giveUp() }
    let open = offset
    do {
      return try shortName(try rawString(), hint: hint)
    } catch {
      offset = open
      return try string()
    }
  }

  /// After a member's value: `true` when another member follows, `false` when the object ended
  /// (a trailing comma is accepted, as Foundation accepts it).
  fileprivate mutating func nextMember() throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    guard offset < bytes.count else { throw giveUp() }
    if bytes[offset] == UInt8(ascii: ",") {
      offset += 1
      skipWhitespace()
      guard offset < bytes.count && bytes[offset] == UInt8(ascii: "}") else { return true }
    } else if bytes[offset] != UInt8(ascii: "}") {
      throw giveUp()
    }
    offset += 1
    depth -= 1
    return false
  }

  private mutating func stringValue() throws(JSONSyntaxError) -> String {
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw giveUp() }
    return try string()
  }

  private mutating func boolValue() throws(JSONSyntaxError) -> Bool {
    guard offset < bytes.count else { throw giveUp() }
    switch bytes[offset] {
    case UInt8(ascii: "t"):
      try literal("true")
      return true
    case UInt8(ascii: "f"):
      try literal("false")
      return false
    default: throw giveUp()
    }
  }

  /// A field the model does not know, kept as its tree; one given twice needs the tree reader.
  /// (Names are compared as Strings first, which is quick for short ones: bytes that differ as
  /// Strings differ as bytes.)
  private mutating func appendOther(
    _ key: String, at position: TextPosition, to fields: inout [JSONMember], seen: inout SeenFields
  ) throws(JSONSyntaxError) {
    guard seen.others.insert(key) else { throw giveUp() }
    fields.append(JSONMember(key: key, keyPosition: position, value: try value()))
  }

  /// Where the direct path stops; the tree reader reads the file again and reports why.
  private func giveUp() -> JSONSyntaxError {
    JSONSyntaxError("", at: TextPosition(line: 0, column: 0), byteOffset: offset)
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// One reader's share of a catalog's entries: the members it read, from where its scanner started
/// to the end of the object or to `stop`.
///
/// Unchecked: the scanner's bytes are only read, and outlive the readers.
private struct EntriesPart: @unchecked Sendable {
  var scanner: JSONScanner
  var entries: [CatalogEntry] = []
  /// By Swift's equality: a key repeated, or canonically equivalent to another, needs a warning.
  var keys: Set<String> = []
  /// Whether it stopped at `stop`, before the member that starts there.
  var reachedStop = false
  /// Whether it met something the tree reader must report.
  var failed = false

  init(scanner: JSONScanner, failed: Bool = false) {
    self.scanner = scanner
    self.failed = failed
  }

  /// Reads members, a member known to follow, until the object ends or the next member starts
  /// at `stop`.
  mutating func read(stoppingAt stop: Int?) {
    reachedStop = false
    do {
      var more = true
      while more {
        if scanner.offset == stop {
          reachedStop = true
          return
        }
        let (key, keyPosition) = try scanner.memberKey()
        guard keys.insert(key).inserted else {
          failed = true
          return
        }
        entries.append(try scanner.catalogEntry(key, at: keyPosition))
        more = try scanner.nextMember()
      }
    } catch {
      failed = true
    }
  }
}

/// How many bytes are line feeds (memchr scans many bytes at once; catalogs have a line feed
/// every few dozen bytes).
private func countLineFeeds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
  guard let base = bytes.baseAddress else { return 0 }
  var count = 0
  var index = 0
  while index < bytes.count, let found = memchr(base + index, 0x0A, bytes.count - index) {
    count += 1
    index = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
  }
  return count
}

/// The known fields of one object already read, one bit each: a field given twice needs the
/// tree reader (the last one wins, where the first stood).
private struct SeenFields {
  private var bits: UInt8 = 0
  /// The names of the fields the model does not know.
  var others = SeenNames()

  mutating func insert(_ bit: UInt8) throws(JSONSyntaxError) {
    let mask: UInt8 = 1 << bit
    guard bits & mask == 0 else { throw JSONSyntaxError("", at: TextPosition(line: 0, column: 0), byteOffset: 0) }
    bits |= mask
  }
}

/// The names met in one JSON object, to find one given twice (compared as bytes): one by one while
/// they are few, as most objects' are, and in a set once they are many, so that no object makes
/// the reading quadratic.
private struct SeenNames {
  private var few: [String] = []
  private var many: Set<[UInt8]>?

  /// Notes a name; returns `false` when it was met already.
  mutating func insert(_ name: String) -> Bool {
    if many == nil {
      // Names that differ as Strings differ as bytes; comparing Strings is quick for short ones.
      if few.contains(where: { $0 == name && $0.utf8.elementsEqual(name.utf8) }) { return false }
      few.append(name)
      if few.count > 16 { many = Set(few.map { Array($0.utf8) }) }
      return true
    }
    return many?.insert(Array(name.utf8)).inserted ?? true
  }
}
