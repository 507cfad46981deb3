#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Edits a project document as byte-range splices: objects and array elements are inserted,
/// replaced or removed line by line where Xcode writes them one to a line, and every byte outside
/// those lines stays as it was.
///
/// New objects go into their `isa`'s section at their place in ID order; the first object of a
/// kind opens its section at its place in section order, and removing the last one closes it — so
/// removing what was inserted gives back the original bytes.
struct PBXEditor {
  /// A replacement of a byte range of the original file.
  struct Splice: Hashable, Sendable {
    /// The bytes replaced (empty for an insertion).
    var range: Range<Int>
    /// What replaces them.
    var text: [UInt8]
  }

  /// The edit cannot be made without touching bytes it must not.
  struct LayoutError: Error {
    var message: String
    var offset: Int?
  }

  let document: PBXDocument
  private var splices: [Splice] = []
  private var insertedObjects: [String: [(id: String, text: String)]] = [:]
  private var removedObjects: [String: Set<String>] = [:]

  init(document: PBXDocument) {
    self.document = document
  }

  // MARK: Objects

  /// Adds an object, given as its whole lines (``PBXWriter``), to its section.
  mutating func insertObject(id: String, isa: String, lines: String) {
    insertedObjects[isa, default: []].append((id, lines))
  }

  /// Removes an object's lines.
  mutating func removeObject(id: String) {
    guard let object = document.object(id), let isa = document.string("isa", in: object) else { return }
    removedObjects[isa, default: []].insert(id)
  }

  /// Replaces an object's lines with new ones.
  mutating func replaceObject(id: String, lines: String) throws(LayoutError) {
    guard let entry = document.entry(id) else { return }
    splices.append(Splice(range: try objectLines(key: entry.key, value: entry.value), text: Array(lines.utf8)))
  }

  /// The offset of the first CR LF that ends a line, if any does: one inside a quoted string is the
  /// string's (a generator may write a line break raw there), not a line end.
  func firstCRLFLineEnd() -> Int? {
    let bytes = document.bytes
    return bytes.indices.dropLast().first {
      bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A && !document.isInQuotedString($0)
    }
  }

  /// The text of an object's lines, as the file has it but for line ends: CR LF reads as LF, so that
  /// an object ``PBXWriter`` would write the same compares equal in a checkout that made them CR LF.
  func objectText(id: String) -> String? {
    guard let entry = document.entry(id), let range = try? objectLines(key: entry.key, value: entry.value) else {
      return nil
    }
    return String(decoding: document.bytes[range], as: UTF8.self).replacing("\r\n", with: "\n")
  }

  // MARK: Array elements

  /// Inserts `text` (`ID /* comment */`) as an element of an array, before `element` or last.
  mutating func insertElement(_ text: String, into array: Int32, before element: Int32?) throws(LayoutError) {
    let bytes = document.bytes
    let arrayRange = document.range(array)
    let close = arrayRange.upperBound - 1
    let elements = document.children(array)
    if isMultiLine(array) {
      let anchor = element.map { document.range($0).lowerBound } ?? close
      guard let lineStart = lineStart(before: anchor) else {
        throw LayoutError(message: "an element of this list shares its line with other text", offset: anchor)
      }
      // The first element's indentation; else that of the element the new line goes before (only
      // spaces and tabs, as `lineStart` found); else the closing line's and a tab.
      let indent: [UInt8]
      if let first = elements.first, let firstLine = self.lineStart(before: document.range(first).lowerBound) {
        indent = Array(bytes[firstLine..<document.range(first).lowerBound])
      } else if element != nil {
        indent = Array(bytes[lineStart..<anchor])
      } else {
        indent = Array(bytes[lineStart..<close]) + [0x09]
      }
      splices.append(Splice(range: lineStart..<lineStart, text: indent + Array(text.utf8) + Array(",\n".utf8)))
    } else {
      let anchor = element.map { document.range($0).lowerBound } ?? close
      splices.append(Splice(range: anchor..<anchor, text: Array(text.utf8) + Array(", ".utf8)))
    }
  }

  /// Removes an element of an array with its comment and comma (its whole line when the array is
  /// written one element a line).
  mutating func removeElement(_ element: Int32, from array: Int32) throws(LayoutError) {
    let range = document.range(element)
    if isMultiLine(array) {
      guard let start = lineStart(before: range.lowerBound), let comma = elementEnd(after: range.upperBound),
        let end = lineEnd(after: comma)
      else {
        throw LayoutError(message: "an element of this list shares its line with other text", offset: range.lowerBound)
      }
      splices.append(Splice(range: start..<end, text: []))
    } else {
      let children = Array(document.children(array))
      let next = children.firstIndex(of: element).flatMap { $0 + 1 < children.count ? children[$0 + 1] : nil }
      let end = next.map { document.range($0).lowerBound } ?? (document.range(array).upperBound - 1)
      splices.append(Splice(range: range.lowerBound..<end, text: []))
    }
  }

  /// Removes every element of an array that `remove` picks, in one pass over it (as
  /// ``removeElement(_:from:)`` removes one).
  mutating func removeElements(from array: Int32, where remove: (Int32) -> Bool) throws(LayoutError) {
    let children = document.children(array)
    var index = children.startIndex
    while index < children.endIndex {
      let element = children[index]
      index += 1
      guard remove(element) else { continue }
      if isMultiLine(array) {
        try removeElement(element, from: array)
      } else {
        let range = document.range(element)
        let end =
          index < children.endIndex ? document.range(children[index]).lowerBound : document.range(array).upperBound - 1
        splices.append(Splice(range: range.lowerBound..<end, text: []))
      }
    }
  }

  // MARK: Result

  // MARK: Dictionary entries

  /// Adds `key = ( element, );` to a dictionary, at its place in key order.
  mutating func insertArrayEntry(_ key: String, element: String, into dictionary: Int32) throws(LayoutError) {
    let children = Array(document.children(dictionary))
    var next: Int32?
    var k = 0
    while k + 1 < children.count {
      let existing = document.string(children[k]) ?? ""
      if existing != "isa", key.utf8.lexicographicallyPrecedes(existing.utf8) {
        next = children[k]
        break
      }
      k += 2
    }
    let close = document.range(dictionary).upperBound - 1
    let anchor = next.map { document.range($0).lowerBound } ?? close
    if isMultiLine(dictionary) {
      guard let lineStart = lineStart(before: anchor) else {
        throw LayoutError(message: "a key of this object shares its line with other text", offset: anchor)
      }
      var indent = Array(document.bytes[lineStart..<anchor])
      if next == nil { indent.append(0x09) }
      let tab = String(decoding: indent, as: UTF8.self)
      let lines = "\(tab)\(key) = (\n\(tab)\t\(element),\n\(tab));\n"
      splices.append(Splice(range: lineStart..<lineStart, text: Array(lines.utf8)))
    } else {
      splices.append(Splice(range: anchor..<anchor, text: Array("\(key) = (\(element), ); ".utf8)))
    }
  }

  /// The edited bytes, and the splices that made them, in the order of the file.
  func result() throws(LayoutError) -> (bytes: [UInt8], splices: [Splice]) {
    var all = splices
    let isas = Set(insertedObjects.keys).union(removedObjects.keys)
    if !isas.isEmpty {
      // The section blocks and the objects of those kinds are looked for only now, once; the
      // objects of a kind that has its section, only there.
      let sections = Self.findSections(in: document.bytes, range: document.objects.map(document.range) ?? 0..<0)
      for isa in isas.sorted() {
        let range = sections.first { $0.name == isa }?.range
        let spliced = try sectionSplices(isa: isa, existing: objects(of: isa, in: range), sections: sections)
        // Section comments are only comments: a file whose comments do not stand between its
        // objects (a broken merge, a hand edit) would put a new object inside another one.
        for splice in spliced
        where !isBetweenObjects(splice.range.lowerBound) || !isBetweenObjects(splice.range.upperBound) {
          throw LayoutError(
            message: "the section comments of this project do not stand between its objects",
            offset: splice.range.lowerBound)
        }
        all += spliced
      }
    }
    // Insertions before removals and replacements that start at the same offset.
    let ordered = all.enumerated().sorted { lhs, rhs in
      let (a, b) = (lhs.element.range, rhs.element.range)
      if a.lowerBound != b.lowerBound { return a.lowerBound < b.lowerBound }
      if a.isEmpty != b.isEmpty { return a.isEmpty }
      return lhs.offset < rhs.offset
    }.map(\.element)
    var output: [UInt8] = []
    let bytes = document.bytes
    output.reserveCapacity(bytes.count + ordered.reduce(0) { $0 + $1.text.count })
    var cursor = 0
    for splice in ordered {
      guard splice.range.lowerBound >= cursor else {
        throw LayoutError(message: "two edits of the project overlap", offset: splice.range.lowerBound)
      }
      output += bytes[cursor..<splice.range.lowerBound]
      output += splice.text
      cursor = splice.range.upperBound
    }
    output += bytes[cursor...]
    return (output, ordered)
  }

  // MARK: - Private

  /// The objects of an `isa` in the order of the file: those whose key lies in `range` (the
  /// kind's section), or all of them.
  private func objects(of isa: String, in range: Range<Int>?) -> [(key: Int32, value: Int32)] {
    guard let objects = document.objects else { return [] }
    let entries = document.children(objects)
    var k = entries.startIndex
    if let range {
      // Entries lie in the order of the file: find the section's first by halving.
      var low = 0
      var high = entries.count / 2
      while low < high {
        let middle = (low + high) / 2
        if document.range(entries[entries.startIndex + 2 * middle]).lowerBound < range.lowerBound {
          low = middle + 1
        } else {
          high = middle
        }
      }
      k = entries.startIndex + 2 * low
    }
    var found: [(key: Int32, value: Int32)] = []
    while k + 1 < entries.endIndex {
      if let range, document.range(entries[k]).lowerBound >= range.upperBound { break }
      if document.kind(entries[k + 1]) == .dictionary, let node = document.value("isa", in: entries[k + 1]),
        document.string(node, equals: isa)
      {
        found.append((entries[k], entries[k + 1]))
      }
      k += 2
    }
    return found
  }

  /// The splices that insert and remove objects of one `isa`, opening or closing its section.
  /// Objects already in the file are known by their key nodes; no string is made for them.
  private func sectionSplices(
    isa: String, existing: [(key: Int32, value: Int32)], sections: [(name: String, range: Range<Int>)]
  ) throws(LayoutError) -> [Splice] {
    var removed: [Int32: Int32] = [:]
    for id in removedObjects[isa] ?? [] {
      if let entry = document.entry(id) { removed[entry.key] = entry.value }
    }
    let remaining = existing.filter { removed[$0.key] == nil }
    let inserted = (insertedObjects[isa] ?? []).sorted {
      Array($0.id.utf8).lexicographicallyPrecedes(Array($1.id.utf8))
    }
    let section = sections.first { $0.name == isa }
    var result: [Splice] = []
    // An object removed from outside its section (a file not in Xcode's layout) goes by itself.
    let inSection = Set(existing.map(\.key))
    for (key, value) in removed.sorted(by: { $0.key < $1.key }) where !inSection.contains(key) {
      result.append(Splice(range: try objectLines(key: key, value: value), text: []))
    }
    if remaining.isEmpty && inserted.isEmpty, let section, !existing.isEmpty {
      // The section's last objects go: the section goes, with one blank line beside it.
      let bytes = document.bytes
      var range = section.range
      if range.upperBound < bytes.count, bytes[range.upperBound] == 0x0A {
        range = range.lowerBound..<(range.upperBound + 1)
      } else if range.lowerBound > 0, bytes[range.lowerBound - 1] == 0x0A, range.lowerBound > 1,
        bytes[range.lowerBound - 2] == 0x0A
      {
        range = (range.lowerBound - 1)..<range.upperBound
      }
      return result + [Splice(range: range, text: [])]
    }
    for object in existing where removed[object.key] != nil {
      result.append(Splice(range: try objectLines(key: object.key, value: object.value), text: []))
    }
    guard !inserted.isEmpty else { return result }
    if existing.isEmpty {
      let lines = inserted.map(\.text).joined()
      let block = "/* Begin \(isa) section */\n" + lines + "/* End \(isa) section */\n"
      if let next = sections.first(where: { Array($0.name.utf8).lexicographicallyPrecedes(Array(isa.utf8)) == false }) {
        result.append(Splice(range: next.range.lowerBound..<next.range.lowerBound, text: Array((block + "\n").utf8)))
      } else if let last = sections.last {
        result.append(Splice(range: last.range.upperBound..<last.range.upperBound, text: Array(("\n" + block).utf8)))
      } else if let objects = document.objects, let close = lineStart(before: document.range(objects).upperBound - 1) {
        result.append(Splice(range: close..<close, text: Array(lines.utf8)))
      } else {
        throw LayoutError(message: "the objects of this project are not one to a line", offset: nil)
      }
      return result
    }
    // Each new object goes before the first remaining one with a greater ID, else after the last
    // (both lists in ID order, walked together).
    var byOffset: [Int: String] = [:]
    var next = 0
    for object in inserted {
      while next < remaining.count, !idPrecedes(object.id, remaining[next].key) { next += 1 }
      let offset: Int
      if next < remaining.count {
        offset = try objectLines(key: remaining[next].key, value: remaining[next].value).lowerBound
      } else if let last = remaining.last {
        offset = try objectLines(key: last.key, value: last.value).upperBound
      } else if let section {
        offset = lineEnd(after: sectionBeginEnd(section.range)) ?? section.range.lowerBound
      } else {
        offset = try objectLines(key: existing[0].key, value: existing[0].value).lowerBound
      }
      byOffset[offset, default: ""] += object.text
    }
    for (offset, text) in byOffset { result.append(Splice(range: offset..<offset, text: Array(text.utf8))) }
    return result
  }

  /// Whether `id` sorts before the ID of the key node `key` (byte order).
  private func idPrecedes(_ id: String, _ key: Int32) -> Bool {
    let other = document.string(key) ?? ""
    return id.utf8.lexicographicallyPrecedes(other.utf8)
  }

  /// Whether an offset lies directly in the `objects` dictionary: after its `{`, before its `}`,
  /// and in no object's text (entries lie in the order of the file: found by halving).
  private func isBetweenObjects(_ offset: Int) -> Bool {
    guard let objects = document.objects else { return false }
    let whole = document.range(objects)
    guard offset > whole.lowerBound, offset < whole.upperBound else { return false }
    let entries = document.children(objects)
    var low = 0
    var high = entries.count / 2
    // The first entry whose key starts at or after the offset.
    while low < high {
      let middle = (low + high) / 2
      if document.range(entries[entries.startIndex + 2 * middle]).lowerBound < offset {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low > 0 else { return true }
    // The entry before it must end before the offset.
    let previous = entries.startIndex + 2 * (low - 1)
    return document.range(entries[previous + 1]).upperBound <= offset
  }

  /// The end of a section's Begin line.
  private func sectionBeginEnd(_ range: Range<Int>) -> Int {
    var i = range.lowerBound
    let bytes = document.bytes
    while i < range.upperBound, bytes[i] != 0x0A { i += 1 }
    return i
  }

  /// The lines an object entry takes: from the start of its key's line to the line break after
  /// its `;`.
  private func objectLines(key: Int32, value: Int32) throws(LayoutError) -> Range<Int> {
    let keyStart = document.range(key).lowerBound
    let bytes = document.bytes
    guard let start = lineStart(before: keyStart),
      let semicolon = skipTrivia(from: document.range(value).upperBound),
      semicolon < bytes.count, bytes[semicolon] == UInt8(ascii: ";"),
      let end = lineEnd(after: semicolon + 1)
    else {
      throw LayoutError(message: "this object shares its line with another", offset: keyStart)
    }
    return start..<end
  }

  /// Where the line holding `offset` starts, when only spaces and tabs come before `offset` on it.
  private func lineStart(before offset: Int) -> Int? {
    var i = offset
    let bytes = document.bytes
    while i > 0 {
      let byte = bytes[i - 1]
      if byte == 0x0A { return i }
      guard byte == 0x20 || byte == 0x09 else { return nil }
      i -= 1
    }
    return 0
  }

  /// Where the next line starts, when only spaces and tabs follow `offset` on its line (the line
  /// may end in CR LF: such a file is read, never edited).
  private func lineEnd(after offset: Int) -> Int? {
    var i = offset
    let bytes = document.bytes
    while i < bytes.count {
      let byte = bytes[i]
      if byte == 0x0A { return i + 1 }
      if byte == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { return i + 2 }
      guard byte == 0x20 || byte == 0x09 else { return nil }
      i += 1
    }
    return i
  }

  /// Just past the comma that ends an array element, skipping the comment after it.
  private func elementEnd(after offset: Int) -> Int? {
    let bytes = document.bytes
    guard let comma = skipTrivia(from: offset), comma < bytes.count, bytes[comma] == UInt8(ascii: ",")
    else { return nil }
    return comma + 1
  }

  /// The first offset at or after `offset` that is not whitespace or a comment.
  private func skipTrivia(from offset: Int) -> Int? {
    let bytes = document.bytes
    var i = offset
    while i < bytes.count {
      let byte = bytes[i]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        i += 1
      } else if byte == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
        i += 2
        while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
        guard i + 1 < bytes.count else { return nil }
        i += 2
      } else if byte == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
      } else {
        return i
      }
    }
    return i
  }

  /// Whether an array or dictionary is written one element a line (a line break right after its
  /// opening bracket).
  private func isMultiLine(_ array: Int32) -> Bool {
    let range = document.range(array)
    var i = range.lowerBound + 1
    let bytes = document.bytes
    while i < range.upperBound {
      let byte = bytes[i]
      if byte == 0x0A { return true }
      guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { return false }
      i += 1
    }
    return false
  }

  /// The section blocks inside `range` (the objects dictionary): lines that start with
  /// `/* Begin X section */` and the matching `/* End X section */`.
  private static func findSections(in bytes: [UInt8], range: Range<Int>) -> [(name: String, range: Range<Int>)] {
    let begin = Array("/* Begin ".utf8)
    let end = Array("/* End ".utf8)
    let suffix = Array(" section */".utf8)
    return bytes.withUnsafeBufferPointer { text in
      var open: (name: ArraySlice<UInt8>, start: Int)?
      var found: [(name: String, range: Range<Int>)] = []
      var lineStart = range.lowerBound
      while lineStart < range.upperBound {
        // Only lines that start with "/*" can be section comments; find each line's end fast.
        let lineEnd =
          text.baseAddress.flatMap { base in
            memchr(base + lineStart, 0x0A, range.upperBound - lineStart).map {
              UnsafeRawPointer($0) - UnsafeRawPointer(base)
            }
          } ?? range.upperBound
        if text[lineStart] == UInt8(ascii: "/") {
          let line = text[lineStart..<lineEnd]
          if line.starts(with: begin), line.count > begin.count + suffix.count,
            line.suffix(suffix.count).elementsEqual(suffix)
          {
            open = (ArraySlice(line.dropFirst(begin.count).dropLast(suffix.count)), lineStart)
          } else if line.starts(with: end), let current = open, line.count > end.count + suffix.count,
            line.dropFirst(end.count).dropLast(suffix.count).elementsEqual(current.name)
          {
            found.append((String(decoding: current.name, as: UTF8.self), current.start..<min(lineEnd + 1, bytes.count)))
            open = nil
          }
        }
        lineStart = lineEnd + 1
      }
      return found
    }
  }
}
