/// Reads XLIFF 1.2 as Xcode, translate-toolkit and translation services write it.
///
/// What is read: each `<file>`'s `original`, `source-language`, `target-language`, `datatype` and
/// header `<tool>`; each `<trans-unit>`'s `id`, `resname`, `<source>`, `<target>` (with `state`)
/// and first `<note>`, `<group>`s flattened at any depth. What tools put beside them is skipped,
/// content and all: `<alt-trans>` (whose `<source>` and `<target>` are not the unit's),
/// `<context-group>`, `<seg-source>`, `<bin-unit>`, other attributes, and elements of other
/// namespaces. Elements are XLIFF's when they are in the XLIFF 1.2 (or 1.1) namespace, under any
/// prefix, or in none (some tools write no `xmlns`).
///
/// What is refused, each at its line and column (``XLIFFError``): bytes that are not UTF-8 or
/// UTF-16 text, XML that is not well-formed, a DOCTYPE or entity declaration, a root other than
/// `<xliff>` or XLIFF 2, a `<file>` without `original` or `source-language`, a unit without `id`
/// or with an id given twice in one file, a second `<source>` or `<target>`, and inline markup
/// (`<g>`, `<x/>`, `<ph>`, `<bpt>`…) inside `<source>`, `<target>` or `<note>`: localization
/// tables hold plain text, and reading markup as text (or dropping it) would import something the
/// translator did not write.
public enum XLIFFReader {
  /// The namespaces whose elements are XLIFF's: 1.2, and 1.1, which has the same elements.
  static let namespace12 = "urn:oasis:names:tc:xliff:document:1.2"
  static let namespace11 = "urn:oasis:names:tc:xliff:document:1.1"

  /// Reads a whole document.
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - path: The file's path, for errors.
  /// - Returns: The document.
  /// - Throws: ``XLIFFError`` at the first problem.
  public static func read(_ bytes: [UInt8], path: String) throws(XLIFFError) -> XLIFFDocument {
    let decoded: XMLTextDecoding
    do {
      decoded = try XMLTextDecoding(bytes)
    } catch {
      throw XLIFFError(.encoding, path: path, position: error.position, message: error.message)
    }
    return try decoded.utf8.withUnsafeBufferPointer { text throws(XLIFFError) -> XLIFFDocument in
      var reader = Reading(reader: XMLReader(text: text), text: text, path: path)
      return try reader.document()
    }
  }

  /// One reading: the XML reader, the positions found so far, the error's file.
  private struct Reading {
    var reader: XMLReader
    let text: UnsafeBufferPointer<UInt8>
    let path: String
    var locator = LineLocator()

    /// The document element and everything in it.
    mutating func document() throws(XLIFFError) -> XLIFFDocument {
      guard case .start(let root) = try next() else { throw failure("the file holds no element", at: 0) }
      if root.localName != "xliff" || !isXLIFF(root) {
        if root.localName == "xliff", root.namespace?.hasPrefix("urn:oasis:names:tc:xliff:document:2") == true {
          throw failure("this is XLIFF 2, which locmerge does not read: export XLIFF 1.2", at: root.offset)
        }
        throw failure(
          "not an XLIFF document: the root element is <\(root.qualifiedName)>"
            + (root.localName == "xliff" ? " in the namespace \(root.namespace ?? "")" : "") + ", not <xliff>",
          at: root.offset)
      }
      if let version = root.attribute("version"), version.hasPrefix("2") {
        throw failure("this is XLIFF \(version), which locmerge does not read: export XLIFF 1.2", at: root.offset)
      }
      var files: [XLIFFFile] = []
      while true {
        switch try next() {
        case .start(let tag) where tag.localName == "file" && isXLIFF(tag):
          files.append(try file(tag))
        case .start:
          try skipContent()
        case .text:
          continue
        case .end, .endOfDocument:
          guard case .endOfDocument = try next() else {
            throw failure("content after </xliff>", at: reader.eventOffset)
          }
          return XLIFFDocument(files: files)
        }
      }
    }

    /// A `<file>` whose start tag was just read.
    private mutating func file(_ tag: XMLReader.StartTag) throws(XLIFFError) -> XLIFFFile {
      guard let original = tag.attribute("original") else {
        throw failure(
          "the <file> has no original attribute: nothing says which table its units belong to", at: tag.offset)
      }
      guard let sourceLanguage = tag.attribute("source-language") else {
        throw failure("the <file original=\"\(original)\"> has no source-language attribute", at: tag.offset)
      }
      var result = XLIFFFile(
        original: original, sourceLanguage: sourceLanguage, targetLanguage: tag.attribute("target-language"),
        datatype: tag.attribute("datatype") ?? "plaintext", position: position(tag.offset))
      var firstOffsets: [String: Int] = [:]
      while true {
        switch try next() {
        case .start(let child) where isXLIFF(child) && child.localName == "header":
          result.tool = try header()
        case .start(let child) where isXLIFF(child) && child.localName == "body":
          try body(into: &result, firstOffsets: &firstOffsets)
        case .start:
          try skipContent()
        case .text:
          continue
        case .end, .endOfDocument:
          return result
        }
      }
    }

    /// A `<header>`: its first `<tool>`.
    private mutating func header() throws(XLIFFError) -> XLIFFTool? {
      var tool: XLIFFTool?
      while true {
        switch try next() {
        case .start(let child) where isXLIFF(child) && child.localName == "tool" && tool == nil:
          tool = XLIFFTool(
            id: child.attribute("tool-id") ?? "", name: child.attribute("tool-name") ?? "",
            version: child.attribute("tool-version"), buildNumber: child.attribute("build-num"))
          try skipContent()
        case .start:
          try skipContent()
        case .text:
          continue
        case .end, .endOfDocument:
          return tool
        }
      }
    }

    /// A `<body>`: its units, `<group>`s flattened (a depth count, not recursion).
    private mutating func body(into file: inout XLIFFFile, firstOffsets: inout [String: Int]) throws(XLIFFError) {
      var groups = 0
      while true {
        switch try next() {
        case .start(let child) where isXLIFF(child) && child.localName == "trans-unit":
          let unit = try unit(child)
          if let first = firstOffsets.updateValue(child.offset, forKey: unit.id) {
            firstOffsets[unit.id] = first
            throw failure(
              "the unit id '\(unit.id)' is given twice in <file original=\"\(file.original)\"> (first at line "
                + "\(position(first).line)); each id must be unique in its file", at: child.offset)
          }
          file.units.append(unit)
        case .start(let child) where isXLIFF(child) && child.localName == "group":
          groups += 1
        case .start:
          try skipContent()
        case .text:
          continue
        case .end, .endOfDocument:
          if groups == 0 { return }
          groups -= 1
        }
      }
    }

    /// A `<trans-unit>` whose start tag was just read.
    private mutating func unit(_ tag: XMLReader.StartTag) throws(XLIFFError) -> XLIFFUnit {
      guard let id = tag.attribute("id") else { throw failure("a <trans-unit> without an id", at: tag.offset) }
      var unit = XLIFFUnit(id: id, source: "", resname: tag.attribute("resname"), position: position(tag.offset))
      var sawSource = false
      while true {
        switch try next() {
        case .start(let child) where isXLIFF(child) && child.localName == "source":
          guard !sawSource else { throw failure("a second <source> in the unit '\(id)'", at: child.offset) }
          sawSource = true
          unit.source = try plainText(of: child, unit: id)
        case .start(let child) where isXLIFF(child) && child.localName == "target":
          guard unit.target == nil else { throw failure("a second <target> in the unit '\(id)'", at: child.offset) }
          unit.targetPosition = position(child.offset)
          unit.targetState = child.attribute("state")
          unit.target = try plainText(of: child, unit: id)
        case .start(let child) where isXLIFF(child) && child.localName == "note" && unit.note == nil:
          unit.note = try plainText(of: child, unit: id)
        case .start:
          try skipContent()
        case .text:
          continue
        case .end, .endOfDocument:
          return unit
        }
      }
    }

    /// The text of `<source>`, `<target>` or `<note>`, exactly; markup inside is refused.
    private mutating func plainText(of tag: XMLReader.StartTag, unit: String) throws(XLIFFError) -> String {
      var bytes: [UInt8] = []
      while true {
        switch try next() {
        case .text:
          bytes.append(contentsOf: reader.text)
        case .start(let inner):
          throw failure(
            "the <\(tag.localName)> of the unit '\(unit)' holds the element <\(inner.qualifiedName)>: locmerge reads "
              + "plain text only (localization tables hold no markup); write its text instead", at: inner.offset)
        case .end, .endOfDocument:
          return String(decoding: bytes, as: UTF8.self)
        }
      }
    }

    /// Skips the content of the element just opened, through its end tag (the reader still
    /// checks that it is well-formed).
    private mutating func skipContent() throws(XLIFFError) {
      var depth = 0
      while true {
        switch try next() {
        case .start: depth += 1
        case .text: continue
        case .end, .endOfDocument:
          if depth == 0 { return }
          depth -= 1
        }
      }
    }

    private func isXLIFF(_ tag: XMLReader.StartTag) -> Bool {
      guard let namespace = tag.namespace else { return true }
      return namespace == XLIFFReader.namespace12 || namespace == XLIFFReader.namespace11
    }

    private mutating func next() throws(XLIFFError) -> XMLReader.Event {
      do {
        return try reader.next()
      } catch {
        throw XLIFFError(
          error.isDocumentType ? .documentType : .xml, path: path, position: position(error.offset),
          message: error.message)
      }
    }

    private mutating func position(_ offset: Int) -> TextPosition {
      locator.position(of: offset, in: text)
    }

    private mutating func failure(_ message: String, at offset: Int) -> XLIFFError {
      XLIFFError(.structure, path: path, position: position(offset), message: message)
    }
  }
}
