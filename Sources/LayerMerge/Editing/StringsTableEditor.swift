/// Edits of an old-style `.strings` file (`"key" = "value";`, unquoted and single-quoted tokens,
/// braces, comments anywhere):
///
/// - an existing key's value token is replaced by the value written as ``StringsFileWriter``
///   writes it (double quotes, `\"`, `\\`, `\n`, `\r`, `\t`, `\UXXXX` for other control
///   characters, everything else raw), which Apple's reader reads back to exactly the value; the
///   shorthand `"key";` gets ` = "value"` after its key. A key defined twice is changed where
///   Apple's reader takes it from: its last definition. A value that is already the edit's, in
///   whatever escapes, is left alone.
/// - a new key is appended at the end (before the closing `}` of a braced file), its comment
///   above it, in the file's line breaks, after a blank line when the file separates its entries
///   with one (Xcode's layout), after a line break when the file does not end with one.
struct StringsTableEditor {
  private let text: [UInt8]
  private let path: String
  private let entries: [LocalizationEntry]
  private let layouts: [OldStyleEntryLayout]
  private let closingBrace: Int?

  /// - Parameters:
  ///   - text: The decoded text the layout refers to.
  ///   - path: The file's path, for errors.
  ///   - entries: The file's top-level entries, as read.
  ///   - layouts: Where each of them stands (same order).
  ///   - closingBrace: Where a braced file's `}` is.
  init(
    text: [UInt8], path: String, entries: [LocalizationEntry], layouts: [OldStyleEntryLayout], closingBrace: Int?
  ) {
    self.text = text
    self.path = path
    self.entries = entries
    self.layouts = layouts
    self.closingBrace = closingBrace
  }

  /// The changes that make the edits. Several edits of one key: the last one's value counts.
  func splices(for edits: [TableEdit]) throws(TableEditError) -> TextSplices {
    guard entries.count == layouts.count else {
      throw TableEditError(path: path, position: nil, message: "the file's entries could not be located")
    }
    // Apple's reader keeps the last definition of a key: that is the one to change.
    var lastDefinition: [[UInt8]: Int] = [:]
    lastDefinition.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() { lastDefinition[entry.withKeyBytes { Array($0) }] = index }
    var order: [[UInt8]] = []
    var latest: [[UInt8]: TableEdit] = [:]
    for edit in edits {
      guard case .strings(let key) = edit.place else {
        throw TableEditError(path: path, position: nil, message: "a .strings file holds no \(edit.place.kindName)")
      }
      let bytes = Array(key.utf8)
      var edit = edit
      // As if made one after the other: a later edit without a comment keeps an earlier one's.
      if edit.comment == nil { edit.comment = latest[bytes]?.comment }
      if latest.updateValue(edit, forKey: bytes) == nil { order.append(bytes) }
    }
    var splices = TextSplices()
    var added: [TableEdit] = []
    for key in order {
      guard let edit = latest[key] else { continue }
      guard let index = lastDefinition[key] else {
        added.append(edit)
        continue
      }
      let entry = entries[index]
      let layout = layouts[index]
      var newValue = edit.value
      let unchanged = entry.withStringValueBytes { current in newValue.withUTF8 { bytesEqual(current, $0) } }
      switch unchanged {
      case true?:
        continue
      case false?:
        var quoted: [UInt8] = []
        StringsFileWriter.writeQuoted(edit.value, to: &quoted)
        if let value = layout.value {
          splices.replace(value, with: quoted)
        } else {
          splices.insert(Array(" = ".utf8) + quoted, at: layout.key.upperBound)
        }
      case nil:
        throw TableEditError(
          path: path, position: TextStyle.position(of: layout.value?.lowerBound ?? layout.key.lowerBound, in: text),
          message: "the value of \(DisplayText.quoted(edit.place.key)) is \(article(entry.value)), not a string; "
            + "a translation cannot replace it: make it a string first")
      }
    }
    if !added.isEmpty { appendEntries(added, to: &splices) }
    return splices
  }

  // MARK: - Private

  private func appendEntries(_ edits: [TableEdit], to splices: inout TextSplices) {
    let separatedByBlankLines = self.separatedByBlankLines
    var block: [UInt8] = []
    for (index, edit) in edits.enumerated() {
      if index > 0 && separatedByBlankLines { block.append(0x0A) }
      StringsFileWriter.writeEntry(
        LocalizationEntry(key: edit.place.key, string: edit.value, comment: edit.comment), to: &block)
    }
    let lineBreak = TextStyle.lineBreak(of: text)
    if let brace = closingBrace {
      // Inside the braces: on the `}`'s line when it stands alone there, indented like the
      // last entry.
      let indentation = layouts.last.flatMap { TextStyle.indentation(before: $0.key.lowerBound, in: text) } ?? []
      var indented: [UInt8] = []
      var atLineStart = true
      for byte in block {
        if atLineStart && byte != 0x0A { indented.append(contentsOf: indentation) }
        indented.append(byte)
        atLineStart = byte == 0x0A
      }
      let blankLine: [UInt8] = separatedByBlankLines && !layouts.isEmpty ? [0x0A] : []
      if let braceIndentation = TextStyle.indentation(before: brace, in: text) {
        splices.insert(TextStyle.withLineBreaks(blankLine + indented, lineBreak), at: brace - braceIndentation.count)
      } else {
        splices.insert(TextStyle.withLineBreaks([0x0A] + blankLine + indented, lineBreak), at: brace)
      }
      return
    }
    // At the end: after a line break, and a blank line when entries are separated by one.
    var trailingBreaks = 0
    var index = text.count
    var hasContent = false
    while index > 0 {
      let byte = text[index - 1]
      if byte == 0x0A {
        trailingBreaks += 1
        if index >= 2 && text[index - 2] == 0x0D { index -= 1 }
      } else if byte == 0x0D {
        trailingBreaks += 1
      } else if byte != 0x20 && byte != 0x09 {
        hasContent = true
        break
      }
      index -= 1
    }
    var prefix: [UInt8] = []
    if hasContent {
      let wanted = separatedByBlankLines ? 2 : 1
      prefix = Array(repeating: 0x0A, count: max(0, wanted - trailingBreaks))
    } else if let last = text.last, last != 0x0A && last != 0x0D {
      prefix = [0x0A]
    }
    splices.insert(TextStyle.withLineBreaks(prefix + block, lineBreak), at: text.count)
  }

  /// Whether the file puts a blank line between entries, judged by its last two (Xcode's layout,
  /// which a file of fewer entries gets).
  private var separatedByBlankLines: Bool {
    guard layouts.count >= 2 else { return true }
    let between = text[layouts[layouts.count - 2].end..<layouts[layouts.count - 1].key.lowerBound]
    // A line break, spaces or tabs at most, and another line break.
    var breaks = 0
    var previous: UInt8 = 0
    for byte in between {
      if byte == 0x0A && previous == 0x0D {
        previous = byte
        continue
      }
      if byte == 0x0A || byte == 0x0D {
        breaks += 1
        if breaks == 2 { return true }
      } else if byte != 0x20 && byte != 0x09 {
        breaks = 0
      }
      previous = byte
    }
    return false
  }

  private func article(_ value: LocalizationValue) -> String {
    switch value {
    case .dictionary: return "a dictionary"
    case .array: return "an array"
    case .data: return "a data value"
    default: return "a value"
    }
  }
}

extension TableEdit.Place {
  /// What the place is, for messages: "a .stringsdict form", "a String Catalog unit".
  var kindName: String {
    switch self {
    case .strings: return ".strings entry"
    case .stringsdict: return ".stringsdict form"
    case .catalog: return "String Catalog unit"
    }
  }
}
