import LayerMerge

/// Random XLIFF, as models to write and as documents to read: values full of what XML escapes or
/// cannot carry, documents with every way XML can spell them (references, CDATA, comments, line
/// breaks, UTF-16, prefixes, groups, skipped elements) and, when asked, a small damage.
enum XLIFFGeneration {
  /// Pieces values are made of: plain text, XML's specials, line breaks, non-ASCII, the separators
  /// of unit ids, format specifiers, and characters XML 1.0 cannot carry.
  static let pieces: [String] = [
    "a", "Hello", " ", "  ", "\t", "\n", "\r", "\r\n", "&", "<", ">", "\"", "'", "]]>", "&amp;", "é", "😀", "中文",
    "\u{2028}", "\u{85}", "\u{A0}", "|==|", ":dict/", "/", "%@", "%1$lld", "\u{FEFF}", "\u{1}", "\u{1B}", "\u{FFFE}",
  ]

  /// One of `options`, at random.
  static func pick<T, G: RandomNumberGenerator>(_ options: [T], using generator: inout G) -> T {
    options[Int.random(in: 0..<options.count, using: &generator)]
  }

  static func randomString<G: RandomNumberGenerator>(using generator: inout G, allowingForbidden: Bool = true) -> String
  {
    var text = ""
    for _ in 0..<Int.random(in: 0...5, using: &generator) {
      var piece = pick(pieces, using: &generator)
      if !allowingForbidden, ["\u{1}", "\u{1B}", "\u{FFFE}"].contains(piece) { piece = "x" }
      text += piece
    }
    return text
  }

  /// A document model; some values hold characters XML cannot carry.
  static func randomDocument<G: RandomNumberGenerator>(using generator: inout G) -> XLIFFDocument {
    var files: [XLIFFFile] = []
    for fileIndex in 0..<Int.random(in: 0...3, using: &generator) {
      var units: [XLIFFUnit] = []
      for unitIndex in 0..<Int.random(in: 0...4, using: &generator) {
        let rare = Int.random(in: 0..<6, using: &generator) == 0
        let target = Bool.random(using: &generator) ? randomString(using: &generator) : nil
        units.append(
          XLIFFUnit(
            id: "\(unitIndex)" + randomString(using: &generator, allowingForbidden: rare),
            source: randomString(using: &generator),
            target: target,
            // A state is the target's attribute: none without a target.
            targetState: target != nil && Bool.random(using: &generator)
              ? ["translated", "new", "needs-review-translation"].randomElement(using: &generator) : nil,
            note: Bool.random(using: &generator) ? randomString(using: &generator) : nil,
            resname: Int.random(in: 0..<5, using: &generator) == 0 ? randomString(using: &generator) : nil))
      }
      files.append(
        XLIFFFile(
          original: "Dir \(fileIndex)/en.lproj/"
            + randomString(using: &generator, allowingForbidden: Int.random(in: 0..<8, using: &generator) == 0),
          sourceLanguage: "en", targetLanguage: Bool.random(using: &generator) ? "de" : nil,
          tool: Bool.random(using: &generator)
            ? XLIFFTool(id: "com.apple.dt.xcode", name: "Xcode", version: "15.4") : nil,
          units: units))
    }
    return XLIFFDocument(files: files)
  }

  /// The document as it reads back: every position 1:1 (or none for targets).
  static func withoutPositions(_ document: XLIFFDocument) -> XLIFFDocument {
    var copy = document
    for f in copy.files.indices {
      copy.files[f].position = TextPosition(line: 1, column: 1)
      for u in copy.files[f].units.indices {
        copy.files[f].units[u].position = TextPosition(line: 1, column: 1)
        copy.files[f].units[u].targetPosition = nil
      }
    }
    return copy
  }

  /// What of a model XML can carry: files and units without a forbidden character, the way XML
  /// reads the rest back (line breaks in text are line feeds, and so on are kept exactly).
  static func writable(_ document: XLIFFDocument) -> XLIFFDocument {
    func carried(_ text: String?) -> Bool {
      guard let text else { return true }
      return text.unicodeScalars.allSatisfy { scalar in
        scalar.value == 0x9 || scalar.value == 0xA || scalar.value == 0xD
          || (scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF)
      }
    }
    var copy = withoutPositions(document)
    copy.files.removeAll { file in
      ![
        file.original, file.sourceLanguage, file.targetLanguage, file.datatype, file.tool?.id, file.tool?.name,
        file.tool?.version, file.tool?.buildNumber,
      ].allSatisfy(carried)
    }
    for f in copy.files.indices {
      copy.files[f].units.removeAll { unit in
        ![unit.id, unit.source, unit.target, unit.targetState, unit.note, unit.resname].allSatisfy(carried)
      }
    }
    return copy
  }

  // MARK: - Documents

  /// A value written as XML text can spell it: plain where allowed, references, CDATA sections,
  /// comments between pieces. `inAttribute` keeps to what an attribute may hold.
  static func spell<G: RandomNumberGenerator>(
    _ value: String, inAttribute: Bool, quote: Character, using generator: inout G
  ) -> String {
    var output = ""
    for character in value {
      let text = String(character)
      switch text {
      case "&": output += pick(["&amp;", "&#38;", "&#x26;"], using: &generator)
      case "<": output += pick(["&lt;", "&#60;", "&#x3c;"], using: &generator)
      case ">":
        // "]]>" may not appear in text.
        output += output.hasSuffix("]]") ? "&gt;" : pick([">", "&gt;", "&#62;"], using: &generator)
      case "\"" where inAttribute && quote == "\"": output += pick(["&quot;", "&#34;"], using: &generator)
      case "'" where inAttribute && quote == "'": output += pick(["&apos;", "&#39;"], using: &generator)
      case "\r": output += "&#13;"
      case "\r\n": output += inAttribute ? "&#13;&#10;" : pick(["&#13;\n", "&#13;&#10;"], using: &generator)
      case "\n" where inAttribute: output += "&#10;"
      case "\t" where inAttribute: output += pick(["&#9;", "&#x9;"], using: &generator)
      default:
        if !inAttribute, Int.random(in: 0..<8, using: &generator) == 0 {
          output += "<![CDATA[" + text + "]]>"
        } else if Int.random(in: 0..<10, using: &generator) == 0, let scalar = character.unicodeScalars.first,
          character.unicodeScalars.count == 1
        {
          output += Bool.random(using: &generator) ? "&#\(scalar.value);" : "&#x\(String(scalar.value, radix: 16));"
        } else {
          output += text
        }
      }
      if !inAttribute, Int.random(in: 0..<12, using: &generator) == 0 {
        output += Bool.random(using: &generator) ? "<!-- c -->" : "<?pi data?>"
      }
    }
    return output
  }

  /// A random XLIFF document as bytes, and what it holds. With `damage`, one random byte-level
  /// change, so that many documents are malformed.
  static func randomBytes<G: RandomNumberGenerator>(using generator: inout G, damage: Bool) -> [UInt8] {
    let prefix = pick(["", "x:", "xliff12:"], using: &generator)
    let declaration = prefix.isEmpty ? "xmlns" : "xmlns:\(prefix.dropLast())"
    func q(_ value: String) -> String {
      let quote: Character = Bool.random(using: &generator) ? "\"" : "'"
      return "\(quote)" + spell(value, inAttribute: true, quote: quote, using: &generator) + "\(quote)"
    }
    func space() -> String { pick([" ", "\n  ", "\r\n", "\t", "  "], using: &generator) }
    var text = ""
    let utf16 = Int.random(in: 0..<6, using: &generator) == 0
    if Bool.random(using: &generator) || utf16 {
      text += "<?xml version=\"1.0\" encoding=\"\(utf16 ? "UTF-16" : "UTF-8")\"?>" + space()
    }
    if Bool.random(using: &generator) { text += "<!-- exported -->" + space() }
    text += "<\(prefix)xliff \(declaration)=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">" + space()
    var ids: Set<String> = []
    for fileIndex in 0..<Int.random(in: 0...2, using: &generator) {
      ids = []
      text +=
        "<\(prefix)file original=\(q("F\(fileIndex) " + randomString(using: &generator, allowingForbidden: false)))"
        + " source-language=\"en\" target-language=\"de\" datatype=\"plaintext\">" + space()
      if Bool.random(using: &generator) {
        text += "<\(prefix)header><\(prefix)tool tool-id=\"t\" tool-name=\"T\"/></\(prefix)header>" + space()
      }
      text += "<\(prefix)body>"
      var open = 0
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0:
          text += "<\(prefix)group id=\"g\">"
          open += 1
        case 1 where open > 0:
          text += "</\(prefix)group>"
          open -= 1
        case 2:
          text += "<other xmlns=\"urn:x\"><\(prefix)trans-unit id=\"skipped\"/></other>"
        default:
          var id = randomString(using: &generator, allowingForbidden: false)
          while !ids.insert(id).inserted { id += "+" }
          text += "<\(prefix)trans-unit id=\(q(id)) xml:space=\"preserve\">" + space()
          text +=
            "<\(prefix)source>\(spell(randomString(using: &generator, allowingForbidden: false), inAttribute: false, quote: "\"", using: &generator))</\(prefix)source>"
          if Bool.random(using: &generator) {
            text += space() + "<\(prefix)alt-trans><\(prefix)target>alt</\(prefix)target></\(prefix)alt-trans>"
          }
          if Bool.random(using: &generator) {
            let state = Bool.random(using: &generator) ? " state=\"translated\"" : ""
            text +=
              space()
              + "<\(prefix)target\(state)>\(spell(randomString(using: &generator, allowingForbidden: false), inAttribute: false, quote: "\"", using: &generator))</\(prefix)target>"
          }
          if Bool.random(using: &generator) {
            text +=
              space()
              + "<\(prefix)note>\(spell(randomString(using: &generator, allowingForbidden: false), inAttribute: false, quote: "\"", using: &generator))</\(prefix)note>"
          }
          text += space() + "</\(prefix)trans-unit>" + space()
        }
      }
      text += String(repeating: "</\(prefix)group>", count: open)
      text += "</\(prefix)body></\(prefix)file>" + space()
    }
    text += "</\(prefix)xliff>" + (Bool.random(using: &generator) ? "\n" : "")
    var bytes: [UInt8]
    if utf16 {
      let bigEndian = Bool.random(using: &generator)
      let bom: [UInt8] = Bool.random(using: &generator) ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
      bytes =
        bom
        + text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    } else {
      bytes = (Int.random(in: 0..<5, using: &generator) == 0 ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
    }
    if damage, !bytes.isEmpty {
      let index = Int.random(in: 0..<bytes.count, using: &generator)
      switch Int.random(in: 0..<5, using: &generator) {
      case 0: bytes.remove(at: index)
      case 1:
        bytes.insert(
          pick(
            [UInt8(ascii: "<"), UInt8(ascii: "&"), 0x01, 0x00, UInt8(ascii: ">"), UInt8(ascii: "\"")], using: &generator
          ), at: index)
      case 2: bytes[index] = UInt8.random(in: 0...255, using: &generator)
      case 3: bytes.replaceSubrange(index..<index, with: Array("<g id=\"1\"/>".utf8))
      default:
        bytes.replaceSubrange(index..<min(bytes.count, index + Int.random(in: 1...6, using: &generator)), with: [])
      }
    }
    return bytes
  }
}
