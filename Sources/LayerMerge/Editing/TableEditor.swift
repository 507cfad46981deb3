/// Sets values in a table file surgically: bytes in, edits, bytes out. Only the values the edits
/// set change; every other byte of the file stays, and so does its encoding (a UTF-16 file stays
/// UTF-16, byte-order mark and all) and its line breaks.
///
/// - `.strings` (old-style, any quoting and layout Apple's reader accepts): a value's token is
///   replaced, a new entry appended at the end with its comment (``StringsTableEditor``). A key
///   defined twice is changed where Apple's reader takes it from: its last definition.
/// - `.stringsdict`, and `.strings` written as an XML property list: a `<string>` is replaced, a
///   missing form, variable or entry added beside its neighbours (``PropertyListTableEditor``).
/// - `.xcstrings`: a unit's value and state replaced, whatever is missing added as Xcode writes it
///   (``CatalogTableEditor``).
///
/// What cannot be edited that way is refused with a ``TableEditError`` naming the file, line and
/// column, and nothing is guessed: a file Apple's reader rejects or reads only in part, a binary
/// property list (any edit would rewrite all of it), a `.stringsdict` in old-style syntax, a value
/// of another kind where a string goes.
public enum TableEditor {
  /// How a new file is written.
  public struct NewFile: Hashable, Sendable {
    /// The encoding of a new `.strings` or `.stringsdict` file (UTF-16 with a byte-order mark).
    public var encoding: TableTextEncoding
    /// A new String Catalog's `sourceLanguage` (the project's development language).
    public var sourceLanguage: String?

    /// Describes a new file.
    /// - Parameters:
    ///   - encoding: Its encoding: UTF-8 unless told otherwise (what Xcode writes).
    ///   - sourceLanguage: A new String Catalog's development language.
    public init(encoding: TableTextEncoding = .utf8, sourceLanguage: String? = nil) {
      self.encoding = encoding
      self.sourceLanguage = sourceLanguage
    }
  }

  /// The file's new bytes.
  /// - Parameters:
  ///   - edits: The values to set. Several for one place: the last counts.
  ///   - bytes: The file's bytes; `nil` (or no bytes) for a file that does not exist yet, which is
  ///     written as `newFile` says.
  ///   - kind: The file's kind.
  ///   - path: The file's path, named in errors.
  ///   - newFile: How a new file is written.
  /// - Returns: The new bytes: `bytes` itself when every value is already set.
  /// - Throws: ``TableEditError`` when an edit cannot be made without touching other bytes.
  public static func apply(
    _ edits: [TableEdit], to bytes: [UInt8]?, kind: LocalizationFileKind, path: String,
    newFile: NewFile = NewFile()
  ) throws(TableEditError) -> [UInt8] {
    try plan(edits, to: bytes, kind: kind, path: path, newFile: newFile).bytes
  }

  /// The encoding of a table file's bytes, for a new file written like an existing one (a
  /// translation beside its development-language file).
  /// - Parameter bytes: A `.strings` or `.stringsdict` file's bytes.
  /// - Returns: UTF-8 (with or without byte-order mark), UTF-16 with a byte-order mark; `nil` for
  ///   anything else (UTF-32, a binary property list, an empty file).
  public static func textEncoding(of bytes: [UInt8]) -> TableTextEncoding? {
    guard !bytes.isEmpty, !bytes.starts(with: Array("bplist0".utf8)),
      let decoded = try? DecodedText.decode(bytes)
    else { return nil }
    switch decoded.encoding {
    case .utf8: return .utf8
    case .utf16LittleEndian: return .utf16LittleEndian
    case .utf16BigEndian: return .utf16BigEndian
    case .utf16WithoutBOM, .utf32LittleEndian, .utf32BigEndian: return nil
    }
  }

  // MARK: - Private

  /// What ``apply(_:to:kind:path:newFile:)`` changes, before it is made.
  static func plan(
    _ edits: [TableEdit], to bytes: [UInt8]?, kind: LocalizationFileKind, path: String, newFile: NewFile
  ) throws(TableEditError) -> EditPlan {
    guard let bytes, !bytes.isEmpty else { return try newTable(edits, kind: kind, path: path, newFile: newFile) }
    switch kind {
    case .xcstrings:
      var editor = try CatalogTableEditor(text: bytes, path: path)
      return EditPlan(file: bytes, text: bytes, encoding: .identity, splices: try editor.splices(for: edits))
    case .strings, .stringsdict:
      return try editTable(edits, bytes: bytes, kind: kind, path: path)
    }
  }

  // MARK: - Private

  private static func editTable(_ edits: [TableEdit], bytes: [UInt8], kind: LocalizationFileKind, path: String)
    throws(TableEditError) -> EditPlan
  {
    let (parsed, layout) = LocalizationFileReader.parseForEditing(bytes, path: path, kind: kind)
    if parsed.syntax == .binary {
      throw TableEditError(
        path: path, position: nil,
        message: "the file is a binary property list: any edit would rewrite all of it; convert it to text "
          + "(plutil -convert xml1) and run this again")
    }
    if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
      throw TableEditError(
        path: path, position: error.location?.position,
        message: "Apple's reader does not read this file whole (\(error.message)); fix it before changing it",
        code: error.code)
    }
    guard let layout, let text = layout.text, let syntax = layout.syntax else {
      throw TableEditError(path: path, position: nil, message: "the file holds no dictionary of entries")
    }
    let splices: TextSplices
    switch syntax {
    case .oldStyle(let entries, let layouts, let closingBrace):
      guard kind == .strings else {
        throw TableEditError(
          path: path, position: TextPosition(line: 1, column: 1),
          message: "the .stringsdict file is written in old-style syntax, which Apple reads but tools do not "
            + "edit; convert it to an XML property list (plutil -convert xml1) and run this again")
      }
      splices = try StringsTableEditor(
        text: text.utf8, path: path, entries: entries, layouts: layouts, closingBrace: closingBrace
      ).splices(for: edits)
    case .xml(let recorded):
      guard !layout.isLatin1 else {
        throw TableEditError(
          path: path, position: TextPosition(line: 1, column: 1),
          message: "the XML declaration names ISO Latin-1, which cannot hold every translation; save the file as "
            + "UTF-8 and run this again")
      }
      var editor = PropertyListTableEditor(text: text.utf8, layout: recorded, path: path, kind: kind)
      splices = try editor.splices(for: edits)
    }
    return EditPlan(
      file: bytes, text: text.utf8, encoding: FileTextEncoding(of: text, fileCount: bytes.count), splices: splices)
  }

  /// A new file: the edits made to an empty one (an empty text, an empty property list, a catalog
  /// without strings), written in the requested encoding.
  private static func newTable(_ edits: [TableEdit], kind: LocalizationFileKind, path: String, newFile: NewFile)
    throws(TableEditError) -> EditPlan
  {
    let empty: [UInt8]
    let splices: TextSplices
    switch kind {
    case .strings:
      guard !edits.isEmpty else {
        let placeholder = StringsFileWriter.data(for: LocalizationTable())
        return EditPlan(
          file: placeholder, text: placeholder, encoding: .identity, splices: TextSplices(), newFile: newFile.encoding)
      }
      empty = []
      splices = try StringsTableEditor(text: empty, path: path, entries: [], layouts: [], closingBrace: nil)
        .splices(for: edits)
    case .stringsdict:
      empty = PropertyListXMLWriter.data(dictionary: [])
      let (_, layout) = LocalizationFileReader.parseForEditing(empty, path: path, kind: kind)
      guard case .xml(let recorded)? = layout?.syntax else {
        return EditPlan(
          file: empty, text: empty, encoding: .identity, splices: TextSplices(), newFile: newFile.encoding)
      }
      var editor = PropertyListTableEditor(text: empty, layout: recorded, path: path, kind: kind)
      splices = try editor.splices(for: edits)
    case .xcstrings:
      guard let language = newFile.sourceLanguage else {
        throw TableEditError(
          path: path, position: nil,
          message: "a new String Catalog needs its source language (the development language)")
      }
      empty = StringCatalogWriter.data(for: StringCatalog(sourceLanguage: language))
      var editor = try CatalogTableEditor(text: empty, path: path)
      return EditPlan(file: empty, text: empty, encoding: .identity, splices: try editor.splices(for: edits))
    }
    return EditPlan(file: empty, text: empty, encoding: .identity, splices: splices, newFile: newFile.encoding)
  }
}

/// The changes an edit makes to a file, and the file's bytes once they are made.
struct EditPlan {
  /// The file's bytes (for a new file, the empty file the edits start from).
  var file: [UInt8]
  /// The text the splices' ranges refer to.
  var text: [UInt8]
  var encoding: FileTextEncoding
  var splices: TextSplices
  /// For a new `.strings` or `.stringsdict` file: the encoding to write it in.
  var newFile: TableTextEncoding?

  /// The new bytes.
  var bytes: [UInt8] {
    let edited = splices.applied(to: file, text: text, encoding: encoding)
    guard let newFile else { return edited }
    let target = FileTextEncoding(newFile)
    var output = target.byteOrderMark
    target.append(edited, to: &output)
    return output
  }
}

/// The encodings a new table file can be written in.
public enum TableTextEncoding: String, Hashable, Sendable, CaseIterable {
  /// UTF-8 without a byte-order mark: what Xcode writes.
  case utf8 = "UTF-8"
  /// UTF-16, little-endian, with a byte-order mark: what `genstrings` writes.
  case utf16LittleEndian = "UTF-16LE"
  /// UTF-16, big-endian, with a byte-order mark.
  case utf16BigEndian = "UTF-16BE"
}
