import Foundation

@testable import LayerMerge

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// FoundationXML's `XMLParser` (libxml2) as the oracle for `XLIFFReader`: both readings of a
/// document mapped to the same summary — malformed XML, well-formed but not XLIFF locmerge reads,
/// or the files and units — and compared. Shared by `XLIFFOracleTests` and the `xliff` fuzz target
/// (`Tests/Fuzz/FuzzXLIFF.swift`).
///
/// The oracle's XLIFF rules are written again here over `XMLParser`'s events, independently of the
/// reader: XLIFF's elements are those of the 1.2 or 1.1 namespace or of none; `<file>` under
/// `<xliff>`, `<header><tool>` and `<body>` under `<file>`, `<group>`s at any depth, `<source>`,
/// `<target>` and the first `<note>` of a `<trans-unit>`; anything else skipped with its content;
/// an element inside `<source>`, `<target>` or `<note>`, a unit without id or with an id twice, a
/// second source or target, a file without `original` or `source-language` are refusals.
enum XLIFFOracle {
  struct Unit: Equatable, CustomStringConvertible {
    var id: String
    var source: String
    var target: String?
    var state: String?
    var note: String?

    var description: String {
      "\(id.debugDescription): \(source.debugDescription) → \(target?.debugDescription ?? "nil") "
        + "[\(state ?? "")] note \(note?.debugDescription ?? "nil")"
    }
  }

  struct File: Equatable {
    var original: String
    var sourceLanguage: String
    var targetLanguage: String?
    var units: [Unit]
  }

  /// What a reader made of a document.
  enum Reading: Equatable {
    /// Not well-formed XML (or not text in an encoding the reader takes).
    case malformed(String)
    /// Well-formed, but not XLIFF as both readers read it.
    case refused(String)
    /// The files and their units.
    case document([File])

    var isMalformed: Bool { if case .malformed = self { return true } else { return false } }
  }

  /// The reading of ``XLIFFReader`` (and, for well-formedness, ``XMLReader`` over the whole
  /// document: the XLIFF reader stops at the first refusal).
  static func ours(_ bytes: [UInt8]) -> Reading {
    let decoded: XMLTextDecoding
    do {
      decoded = try XMLTextDecoding(bytes)
    } catch {
      return .malformed("encoding: \(error.message)")
    }
    let wellFormed = decoded.utf8.withUnsafeBufferPointer { text -> String? in
      var reader = XMLReader(text: text)
      do throws(XMLReader.SyntaxError) {
        while true { if case .endOfDocument = try reader.next() { return nil } }
      } catch {
        return (error.isDocumentType ? "doctype: " : "xml: ") + error.message
      }
    }
    if let wellFormed { return .malformed(wellFormed) }
    do {
      let document = try XLIFFReader.read(bytes, path: "oracle.xliff")
      return .document(
        document.files.map { file in
          File(
            original: file.original, sourceLanguage: file.sourceLanguage, targetLanguage: file.targetLanguage,
            units: file.units.map {
              Unit(id: $0.id, source: $0.source, target: $0.target, state: $0.targetState, note: $0.note)
            })
        })
    } catch {
      return error.kind == .structure ? .refused(error.message) : .malformed("\(error.kind): \(error.message)")
    }
  }

  /// The reading of `XMLParser`.
  static func foundation(_ bytes: [UInt8]) -> Reading {
    // `XMLParser` on Linux traps on invalid UTF-8 in a name (it force-unwraps the string it makes
    // of libxml2's bytes), after libxml2 reported the error: judge such input by that error.
    if isUTF8(declaredIn: bytes), String(validating: bytes, as: UTF8.self) == nil {
      return .malformed("libxml2 error 9 (not UTF-8; not given to XMLParser, which traps on it)")
    }
    let parser = XMLParser(data: Data(withDataInEveryProcessingInstruction(bytes)))
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    let delegate = Collector()
    parser.delegate = delegate
    let finished = parser.parse()
    // On Linux `parse()` can return true after reporting errors (trailing content, a namespace
    // error) and report nothing for some truncated documents: every sign counts.
    if let error = delegate.firstError { return .malformed("libxml2 error \(error)") }
    if !finished { return .malformed("libxml2: parse() failed") }
    if !delegate.sawRoot || delegate.depth != 0 { return .malformed("libxml2: no complete root element") }
    if let refusal = delegate.refusal { return .refused(refusal) }
    return .document(delegate.files)
  }

  /// The bytes with a space before the `?>` of every processing instruction that has no data
  /// (`<?pi?>` becomes `<?pi ?>`, outside CDATA sections and comments): `XMLParser` on Linux
  /// crashes on a processing instruction without data (it takes the length of libxml2's null
  /// data pointer), and for XML both spellings are the same instruction with empty data. The
  /// characters are read in the encoding libxml2 detects from the first bytes (UTF-32 by `<`,
  /// UTF-16 by its byte order marks or by `<?`; else bytes, as in UTF-8), so that a UTF-16
  /// `<?pi?>` gets its space too. (An encoding declared after an 8-bit start is not followed:
  /// ``disagreement(_:)`` does not give such documents to XMLParser, as locmerge refuses them.)
  private static func withDataInEveryProcessingInstruction(_ bytes: [UInt8]) -> [UInt8] {
    let (width, bigEndian) = codeUnitLayout(bytes)
    let count = bytes.count / width
    let units = (0..<count).map { index -> UInt32 in
      (0..<width).reduce(0) { value, k in
        value << 8 | UInt32(bytes[index * width + (bigEndian ? k : width - 1 - k)])
      }
    }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 16)
    for unit in withDataInEveryProcessingInstruction(units: units) {
      let little = (0..<width).map { UInt8(truncatingIfNeeded: unit >> (8 * $0)) }
      result += bigEndian ? little.reversed() : little
    }
    return result + bytes[(count * width)...]
  }

  /// The width of a character's code unit and its byte order, as libxml2 detects them.
  private static func codeUnitLayout(_ bytes: [UInt8]) -> (width: Int, bigEndian: Bool) {
    // libxml2 knows UTF-32 by `<` alone; `FF FE 00 00` is UTF-16LE to it.
    let layouts: [(start: [UInt8], width: Int, bigEndian: Bool)] = [
      ([0x00, 0x00, 0x00, 0x3C], 4, true), ([0x3C, 0x00, 0x00, 0x00], 4, false),
      ([0xFE, 0xFF], 2, true), ([0xFF, 0xFE], 2, false),
      ([0x00, 0x3C, 0x00, 0x3F], 2, true), ([0x3C, 0x00, 0x3F, 0x00], 2, false),
    ]
    let layout = layouts.first { bytes.starts(with: $0.start) }
    return (layout?.width ?? 1, layout?.bigEndian ?? false)
  }

  private static func withDataInEveryProcessingInstruction(units: [UInt32]) -> [UInt32] {
    func starts(_ prefix: String, at index: Int) -> Bool {
      let prefix = prefix.unicodeScalars.map(\.value)
      return index + prefix.count <= units.count && units[index..<index + prefix.count].elementsEqual(prefix)
    }
    func after(_ end: String, from start: Int) -> Int {
      var index = start
      while index < units.count, !starts(end, at: index) { index += 1 }
      return min(index + end.unicodeScalars.count, units.count)
    }
    var result: [UInt32] = []
    result.reserveCapacity(units.count + 16)
    var index = 0
    while index < units.count {
      if starts("<![CDATA[", at: index) || starts("<!--", at: index) {
        let end = starts("<!--", at: index) ? after("-->", from: index + 4) : after("]]>", from: index + 9)
        result += units[index..<end]
        index = end
      } else if starts("<?", at: index) {
        var end = index + 2
        while end < units.count, !starts("?>", at: end), ![0x20, 0x09, 0x0A, 0x0D].contains(units[end]) { end += 1 }
        result += units[index..<end]
        if starts("?>", at: end) { result.append(0x20) }
        index = end
      } else {
        result.append(units[index])
        index += 1
      }
    }
    return result
  }

  /// Why the two readings disagree, or `nil` when they agree or differ only where the docs say
  /// they do (docs/xliff.md, "Where libxml2 differs"): locmerge refuses a DOCTYPE, a declared
  /// encoding other than UTF-8, UTF-16, US-ASCII and ISO-8859-1, and UTF-16 cut in the middle of a
  /// character, all of which libxml2 reads.
  static func disagreement(_ bytes: [UInt8]) -> String? {
    let ours = ours(bytes)
    // Where locmerge refuses what libxml2 reads, libxml2's reading changes nothing; and XMLParser
    // is not given bytes in an encoding the oracle does not follow (UTF-16LE declared after an
    // 8-bit start, iconv's encodings), where its crashes cannot be kept away.
    if case .malformed(let why) = ours, why.hasPrefix("doctype: ") || isEncodingWeRefuse(why) { return nil }
    let theirs = foundation(bytes)
    switch (ours, theirs) {
    case (.malformed, .malformed):
      return nil
    case (.refused, .refused):
      return nil
    case (.document(let a), .document(let b)) where a == b:
      return nil
    default:
      return "locmerge: \(describe(ours))\nlibxml2:  \(describe(theirs))"
    }
  }

  /// Our encoding refusals libxml2 does not share: a declared encoding other than UTF-8, UTF-16,
  /// US-ASCII and ISO-8859-1; UTF-32 and EBCDIC; UTF-16 cut mid-character. (Invalid UTF-8 and
  /// lone surrogates are refused by both.)
  private static func isEncodingWeRefuse(_ why: String) -> Bool {
    why.hasPrefix("encoding: ")
      && ["declares", "UTF-32", "EBCDIC", "in the middle of a character"].contains { why.contains($0) }
  }

  /// Whether libxml2 reads the bytes as UTF-8: no wider characters it detects
  /// (``codeUnitLayout(_:)``), and no declared encoding it converts from (ISO-8859-1, UTF-16LE,
  /// UTF-16BE; a bare UTF-16 on such bytes it reports and then does not convert).
  private static func isUTF8(declaredIn bytes: [UInt8]) -> Bool {
    // Wider characters (UTF-16, UTF-32) libxml2 converts.
    if codeUnitLayout(bytes).width > 1 { return false }
    let prolog = String(decoding: bytes.prefix(200), as: Unicode.ASCII.self)
    guard prolog.dropFirst(prolog.hasPrefix("\u{FFFD}") ? 3 : 0).hasPrefix("<?xml"),
      let declarationEnd = prolog.range(of: "?>"),
      let encoding = prolog[..<declarationEnd.lowerBound].range(of: "encoding")
    else { return true }
    let value = prolog[encoding.upperBound..<declarationEnd.lowerBound].drop { " =\"'\t\r\n".contains($0) }
      .prefix { !"\"' ".contains($0) }
    // Any other name libxml2 cannot convert from leaves it reading the bytes as UTF-8 too (seen:
    // `encoding='ut-f8'` and invalid UTF-8 in a comment made XMLParser trap in the fuzzer). So
    // does `UTF-16` on bytes that are not (checked above): libxml2 reports the mismatch and reads
    // on without converting (seen: XMLParser trapped on the name that followed).
    return !["iso-8859-1", "latin1", "iso-latin-1", "utf-16le", "utf-16be"].contains(value.lowercased())
  }

  static func describe(_ reading: Reading) -> String {
    switch reading {
    case .malformed(let why): return "malformed (\(why))"
    case .refused(let why): return "refused (\(why))"
    case .document(let files):
      return files.map { file in
        "file \(file.original.debugDescription) \(file.sourceLanguage)→\(file.targetLanguage ?? "nil"): "
          + file.units.map(\.description).joined(separator: "; ")
      }.joined(separator: " | ")
    }
  }

  private static let namespaces: Set<String> = [
    "", "urn:oasis:names:tc:xliff:document:1.2", "urn:oasis:names:tc:xliff:document:1.1",
  ]

  /// Builds the summary from `XMLParser`'s events.
  private final class Collector: NSObject, XMLParserDelegate {
    var firstError: Int?
    var sawRoot = false
    var depth = 0
    var files: [File] = []
    var refusal: String?
    /// The XLIFF element at each open depth that the rules follow; `nil` for skipped content.
    private var path: [String?] = []
    private var text: String?
    private var textElement = ""
    private var ids: Set<String> = []
    private var sawSource = false

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
      let code = (parseError as NSError).code
      // libxml2's warnings on what XML 1.0 leaves to validity, which locmerge does not judge: an
      // xml:lang or xml:space value (98, 102), a namespace name that is not an absolute URI (99,
      // 100). The document is well-formed (docs/xliff.md, "Where libxml2 differs").
      if [98, 99, 100, 102].contains(code) { return }
      if firstError == nil { firstError = code }
    }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      sawRoot = true
      depth += 1
      let name = namespaces.contains(namespaceURI ?? "") ? elementName : "{\(namespaceURI ?? "")}\(elementName)"
      let parent = path.last ?? "#document"
      if text != nil {
        refuse("an element <\(elementName)> inside <\(textElement)>")
        path.append(nil)
        return
      }
      var followed: String?
      switch (parent, name) {
      case ("#document", "xliff"):
        if attributes["version"]?.hasPrefix("2") == true { refuse("XLIFF 2") }
        followed = name
      case ("#document", _):
        refuse("root <\(name)>")
      case ("xliff", "file"):
        guard let original = attributes["original"], let source = attributes["source-language"] else {
          refuse("a file without original or source-language")
          break
        }
        files.append(
          File(original: original, sourceLanguage: source, targetLanguage: attributes["target-language"], units: []))
        ids = []
        followed = name
      case ("file", "body"), ("body", "group"), ("group", "group"):
        followed = parent == "file" ? "body" : "group"
      case ("body", "trans-unit"), ("group", "trans-unit"):
        guard let id = attributes["id"] else {
          refuse("a unit without id")
          break
        }
        if !ids.insert(id).inserted { refuse("the id \(id) twice") }
        files[files.count - 1].units.append(Unit(id: id, source: "", target: nil, state: nil, note: nil))
        sawSource = false
        followed = name
      case ("trans-unit", "source"):
        if sawSource { refuse("a second source") }
        sawSource = true
        startText(name)
        followed = name
      case ("trans-unit", "target"):
        if files[files.count - 1].units.last?.target != nil { refuse("a second target") }
        files[files.count - 1].units[files[files.count - 1].units.count - 1].state = attributes["state"]
        startText(name)
        followed = name
      case ("trans-unit", "note") where files.last?.units.last?.note == nil:
        startText(name)
        followed = name
      default:
        break
      }
      path.append(followed)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
      depth -= 1
      let element = path.removeLast()
      guard let element, let value = text, element == textElement, refusal == nil else { return }
      text = nil
      let file = files.count - 1
      let unit = files[file].units.count - 1
      switch element {
      case "source": files[file].units[unit].source = value
      case "target": files[file].units[unit].target = value
      default: files[file].units[unit].note = value
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }
    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) { text? += whitespaceString }
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
      text? += String(decoding: CDATABlock, as: UTF8.self)
    }

    private func startText(_ element: String) {
      text = ""
      textElement = element
    }

    private func refuse(_ why: String) {
      if refusal == nil { refusal = why }
    }
  }
}
