/// Writes XLIFF 1.2 in Xcode's dialect and layout, byte for byte as far as Xcode's exports show it.
///
/// Established from `.xliff` files Xcode's Export Localizations wrote (Xcode 12.3, 15.2, 26 and
/// 27): the declaration `<?xml version="1.0" encoding="UTF-8"?>`; the root with the XLIFF 1.2
/// default namespace, `xmlns:xsi`, `version="1.2"` and the strict schema's location; two spaces
/// per level; `<file original source-language target-language datatype>`, then a `<header>` with
/// the `<tool>`, then `<body>`; each `<trans-unit id xml:space="preserve">` with `<source>`,
/// `<target state>` when there is one, and `<note>` last; `<note/>` for an empty note; a line feed
/// after `</xliff>`. In text `&`, `<` and `>` are escaped and a carriage return is `&#13;` (a
/// literal one would read back as a line feed); in attributes `"` is escaped too, and tab, line
/// feed and carriage return are `&#9;`, `&#10;`, `&#13;` (literal ones read back as spaces).
///
/// Inferred rather than seen: other empty elements are written empty-element style too
/// (`<source/>`, `<body/>`), as Xcode's `<note/>` and `<tool/>` are; `resname`, which Xcode never
/// writes, follows `id`; `'` is left as it is.
///
/// A value with a character XML 1.0 cannot carry (a control character other than tab, line feed
/// and carriage return, U+FFFE, U+FFFF) cannot be written, escaped or not: its unit is left out
/// and reported (``Rendering/problems``), never written as invalid XML.
public enum XLIFFWriter {
  /// A document's bytes and what could not be written.
  public struct Rendering: Hashable, Sendable {
    /// The XLIFF file, UTF-8.
    public var bytes: [UInt8]
    /// The units (and files) left out, in document order.
    public var problems: [XLIFFWriteProblem]
  }

  /// Renders a document.
  /// - Parameter document: The files and units to write, in the order given.
  /// - Returns: The bytes, and the units left out because XML cannot carry one of their values.
  public static func render(_ document: XLIFFDocument) -> Rendering {
    var output: [UInt8] = []
    output.reserveCapacity(256 + document.files.reduce(0) { $0 + 256 + $1.units.count * 160 })
    var problems: [XLIFFWriteProblem] = []
    output.append(contentsOf: #"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)
    output.append(0x0A)
    output.append(contentsOf: rootStart.utf8)
    var wroteFile = false
    for file in document.files {
      if let problem = fileProblem(file) {
        problems.append(problem)
        continue
      }
      if !wroteFile { output.append(contentsOf: ">\n".utf8) }
      wroteFile = true
      write(file, to: &output, problems: &problems)
    }
    output.append(contentsOf: (wroteFile ? "</xliff>\n" : "/>\n").utf8)
    return Rendering(bytes: output, problems: problems)
  }

  // MARK: - Private

  private static let rootStart =
    #"<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance""#
    + #" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2"#
    + #" http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd""#

  private static func write(_ file: XLIFFFile, to output: inout [UInt8], problems: inout [XLIFFWriteProblem]) {
    output.append(contentsOf: "  <file original=".utf8)
    appendAttribute(file.original, to: &output)
    output.append(contentsOf: " source-language=".utf8)
    appendAttribute(file.sourceLanguage, to: &output)
    if let target = file.targetLanguage {
      output.append(contentsOf: " target-language=".utf8)
      appendAttribute(target, to: &output)
    }
    output.append(contentsOf: " datatype=".utf8)
    appendAttribute(file.datatype, to: &output)
    output.append(contentsOf: ">\n".utf8)
    if let tool = file.tool {
      output.append(contentsOf: "    <header>\n      <tool tool-id=".utf8)
      appendAttribute(tool.id, to: &output)
      output.append(contentsOf: " tool-name=".utf8)
      appendAttribute(tool.name, to: &output)
      if let version = tool.version {
        output.append(contentsOf: " tool-version=".utf8)
        appendAttribute(version, to: &output)
      }
      if let build = tool.buildNumber {
        output.append(contentsOf: " build-num=".utf8)
        appendAttribute(build, to: &output)
      }
      output.append(contentsOf: "/>\n    </header>\n".utf8)
    }
    var wroteUnit = false
    for unit in file.units {
      if let field = unwritableField(unit) {
        problems.append(
          XLIFFWriteProblem(original: file.original, unitID: unit.id, field: field.name, scalar: field.scalar))
        continue
      }
      if !wroteUnit { output.append(contentsOf: "    <body>\n".utf8) }
      wroteUnit = true
      write(unit, to: &output)
    }
    output.append(contentsOf: (wroteUnit ? "    </body>\n" : "    <body/>\n").utf8)
    output.append(contentsOf: "  </file>\n".utf8)
  }

  private static func write(_ unit: XLIFFUnit, to output: inout [UInt8]) {
    output.append(contentsOf: "      <trans-unit id=".utf8)
    appendAttribute(unit.id, to: &output)
    if let resname = unit.resname {
      output.append(contentsOf: " resname=".utf8)
      appendAttribute(resname, to: &output)
    }
    output.append(contentsOf: " xml:space=\"preserve\">\n".utf8)
    appendElement("source", text: unit.source, to: &output)
    if let target = unit.target {
      var attributes: [UInt8] = []
      if let state = unit.targetState {
        attributes.append(contentsOf: " state=".utf8)
        appendAttribute(state, to: &attributes)
      }
      appendElement("target", attributes: attributes, text: target, to: &output)
    }
    if let note = unit.note { appendElement("note", text: note, to: &output) }
    output.append(contentsOf: "      </trans-unit>\n".utf8)
  }

  /// `        <name attributes>text</name>`, or `<name attributes/>` when the text is empty.
  private static func appendElement(_ name: String, attributes: [UInt8] = [], text: String, to output: inout [UInt8]) {
    output.append(contentsOf: "        <".utf8)
    output.append(contentsOf: name.utf8)
    output.append(contentsOf: attributes)
    if text.isEmpty {
      output.append(contentsOf: "/>\n".utf8)
      return
    }
    output.append(UInt8(ascii: ">"))
    appendEscaped(text, inAttribute: false, to: &output)
    output.append(contentsOf: "</".utf8)
    output.append(contentsOf: name.utf8)
    output.append(contentsOf: ">\n".utf8)
  }

  /// `"value"`, escaped.
  private static func appendAttribute(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    appendEscaped(value, inAttribute: true, to: &output)
    output.append(UInt8(ascii: "\""))
  }

  private static func appendEscaped(_ value: String, inAttribute: Bool, to output: inout [UInt8]) {
    var value = value
    value.withUTF8 { bytes in
      var runStart = 0
      for index in 0..<bytes.count {
        let escape: StaticString
        switch bytes[index] {
        case UInt8(ascii: "&"): escape = "&amp;"
        case UInt8(ascii: "<"): escape = "&lt;"
        case UInt8(ascii: ">"): escape = "&gt;"
        case 0x0D: escape = "&#13;"
        case UInt8(ascii: "\"") where inAttribute: escape = "&quot;"
        case 0x09 where inAttribute: escape = "&#9;"
        case 0x0A where inAttribute: escape = "&#10;"
        default: continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        output.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
        runStart = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
  }

  /// The first field of the unit that holds a character XML cannot carry, and that character.
  private static func unwritableField(_ unit: XLIFFUnit) -> (name: String, scalar: Unicode.Scalar)? {
    let fields: [(String, String?)] = [
      ("id", unit.id), ("source", unit.source), ("target", unit.target), ("state", unit.targetState),
      ("note", unit.note), ("resname", unit.resname),
    ]
    for (name, value) in fields {
      if let value, let scalar = forbiddenScalar(in: value) { return (name, scalar) }
    }
    return nil
  }

  private static func fileProblem(_ file: XLIFFFile) -> XLIFFWriteProblem? {
    let fields: [(String, String?)] = [
      ("original", file.original), ("source-language", file.sourceLanguage), ("target-language", file.targetLanguage),
      ("datatype", file.datatype), ("tool-id", file.tool?.id), ("tool-name", file.tool?.name),
      ("tool-version", file.tool?.version), ("build-num", file.tool?.buildNumber),
    ]
    for (name, value) in fields {
      if let value, let scalar = forbiddenScalar(in: value) {
        return XLIFFWriteProblem(original: file.original, unitID: nil, field: name, scalar: scalar)
      }
    }
    return nil
  }

  /// The first character of `value` XML 1.0 does not allow.
  static func forbiddenScalar(in value: String) -> Unicode.Scalar? {
    // Only a C0 byte or EF BF BE/BF can start one: check the bytes, decode only on a hit.
    var value = value
    return value.withUTF8 { bytes -> Unicode.Scalar? in
      for index in 0..<bytes.count {
        let byte = bytes[index]
        if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return Unicode.Scalar(byte) }
        if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
          return Unicode.Scalar(0xFFF0 | UInt32(bytes[index + 2] & 0x0F))
        }
      }
      return nil
    }
  }
}

/// A unit (or a whole file) ``XLIFFWriter`` left out: one of its values holds a character XML 1.0
/// cannot carry in any form.
public struct XLIFFWriteProblem: Hashable, Sendable, CustomStringConvertible {
  /// The `original` of the file the unit belongs to.
  public var original: String
  /// The unit's id, or `nil` when a value of the file itself (its `original`, a language, the
  /// tool) cannot be written, and with it none of its units.
  public var unitID: String?
  /// Which value: `id`, `source`, `target`, `state`, `note`, `resname`, or the file's attribute.
  public var field: String
  /// The character.
  public var scalar: Unicode.Scalar

  /// What is wrong, for a diagnostic at the value's own file and line.
  public var description: String {
    let character = XMLCharacters.describe(scalar.value)
    let what = unitID.map { "the \(field) of the unit '\(DisplayText.escaped($0))'" } ?? "the file's \(field)"
    return "\(what) holds \(character), which XML 1.0 cannot carry, not even as a reference; it was not "
      + "exported\(unitID == nil ? " (nor any unit of the file)" : "")"
  }
}
