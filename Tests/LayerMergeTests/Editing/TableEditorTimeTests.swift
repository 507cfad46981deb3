import TestSupport
import Testing

@testable import LayerMerge

/// Many edits of a large file take time linear in the file and the edits: one parse, one walk,
/// one pass to make every splice (``LinearTime``: the same work on an input 8× smaller).
@Suite struct TableEditorTimeTests {
  /// A file of `count` entries and edits of it: every other value set, a quarter more keys added.
  private struct Work {
    var bytes: [UInt8]
    var edits: [TableEdit]
    var kind: LocalizationFileKind
  }

  private static func ratio(_ make: (Int) -> Work) -> Double {
    LinearTime.ratio(n: 1_500, prepare: make) { work in
      _ = try? TableEditor.apply(work.edits, to: work.bytes, kind: work.kind, path: "large")
    }
  }

  private static func strings(_ count: Int, utf16: Bool) -> Work {
    var text = ""
    var edits: [TableEdit] = []
    for index in 0..<count {
      text += "/* Entry \(index) */\n\"key.\(index)\" = \"Value \(index) with some text\";\n\n"
      if index % 2 == 0 { edits.append(TableEdit(place: .strings(key: "key.\(index)"), value: "Neu \(index) \"q\"")) }
      if index % 4 == 0 { edits.append(TableEdit(place: .strings(key: "new.\(index)"), value: "N", comment: "c")) }
    }
    let bytes = utf16 ? [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } : Array(text.utf8)
    return Work(bytes: bytes, edits: edits, kind: .strings)
  }

  /// Splices are made in one pass: making each with its own copy of the rest of the file (a
  /// `replaceSubrange` per edit) costs too little next to parsing for the tests above to see.
  @Test(arguments: [false, true]) func splicingIsOnePass(utf16: Bool) {
    let ratio = LinearTime.ratio(
      n: 4_000,
      prepare: { count -> (file: [UInt8], text: [UInt8], splices: TextSplices, encoding: FileTextEncoding) in
        let line = Array("\"key\" = \"some value of a table\";\n".utf8)
        let text = Array([[UInt8]](repeating: line, count: count).joined())
        var splices = TextSplices()
        // Each value token, quotes included.
        for start in stride(from: 0, to: text.count, by: line.count) {
          splices.replace(start + 8..<start + line.count - 2, with: Array("\"another value, and a longer one\"".utf8))
        }
        let encoding = utf16 ? FileTextEncoding(.utf16LittleEndian) : .identity
        var file = encoding.byteOrderMark
        encoding.append(text, to: &file)
        return (file, text, splices, encoding)
      }
    ) { input in
      _ = input.splices.applied(to: input.file, text: input.text, encoding: input.encoding)
    }
    #expect(ratio < LinearTime.budget, "ratio \(ratio)")
  }

  @Test func editingAStringsFileIsLinear() {
    let ratio = Self.ratio { Self.strings($0, utf16: false) }
    #expect(ratio < LinearTime.budget, "ratio \(ratio)")
  }

  @Test func editingAUTF16StringsFileIsLinear() {
    let ratio = Self.ratio { Self.strings($0, utf16: true) }
    #expect(ratio < LinearTime.budget, "ratio \(ratio)")
  }

  @Test func editingAStringsdictIsLinear() {
    let ratio = Self.ratio { count in
      var pairs: [(key: String, value: LocalizationValue)] = []
      var edits: [TableEdit] = []
      let variable = TableEdit.Variable(formatSpecType: "NSStringPluralRuleType", formatValueType: "d")
      for index in 0..<count {
        let plural = OrderedDictionary([
          ("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")),
          ("NSStringFormatValueTypeKey", .string("d")),
          ("one", .string("%d file")), ("other", .string("%d files")),
        ])
        pairs.append(
          (
            "k\(index)",
            .dictionary(
              OrderedDictionary([("NSStringLocalizedFormatKey", .string("%#@n@")), ("n", .dictionary(plural))]))
          ))
        if index % 2 == 0 {
          edits.append(TableEdit(place: .stringsdict(key: "k\(index)", path: ["n", "few"]), value: "x"))
        }
        if index % 4 == 0 {
          edits.append(TableEdit(place: .stringsdict(key: "k\(index)", path: ["n", "one"]), value: "%d Datei"))
          edits.append(
            TableEdit(place: .stringsdict(key: "z\(index)", path: ["NSStringLocalizedFormatKey"]), value: "%#@n@"))
          edits.append(
            TableEdit(place: .stringsdict(key: "z\(index)", path: ["n", "other"]), value: "%d", variable: variable))
        }
      }
      return Work(bytes: PropertyListXMLWriter.data(dictionary: pairs), edits: edits, kind: .stringsdict)
    }
    #expect(ratio < LinearTime.budget, "ratio \(ratio)")
  }

  @Test func editingACatalogIsLinear() {
    let ratio = Self.ratio { count in
      var entries: [CatalogEntry] = []
      var edits: [TableEdit] = []
      for index in 0..<count {
        entries.append(
          CatalogEntry(
            key: "key \(index)",
            localizations: [
              CatalogLocalization(language: "de", variant: .string("Wert \(index)")),
              CatalogLocalization(language: "en", variant: .string("Value \(index)")),
            ]))
        if index % 2 == 0 {
          edits.append(TableEdit(place: .catalog(key: "key \(index)", language: "de", variation: []), value: "Neu"))
        }
        if index % 4 == 0 {
          edits.append(TableEdit(place: .catalog(key: "key \(index)", language: "fr", variation: []), value: "Nouveau"))
          edits.append(
            TableEdit(place: .catalog(key: "added \(index)", language: "de", variation: ["plural", "one"]), value: "x"))
        }
      }
      let catalog = StringCatalog(sourceLanguage: "en", entries: entries)
      return Work(bytes: StringCatalogWriter.data(for: catalog), edits: edits, kind: .xcstrings)
    }
    #expect(ratio < LinearTime.budget, "ratio \(ratio)")
  }
}
