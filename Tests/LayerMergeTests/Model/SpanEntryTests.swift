import Foundation
import Testing

@testable import LayerMerge

/// Entries read from a file hold spans of it; through the API they must behave like any entry.
@Suite struct SpanEntryTests {
  static let file = Array(
    """
    /* Greeting on the home screen */
    "home.greeting" = "Hello";
    "escaped" = "Tab\\tthere";
    plain = word;
    "shorthand";

    """.utf8)

  func parsedTable() -> LocalizationTable {
    LocalizationFileReader.parse(Self.file, path: "span.strings", kind: .strings).table
  }

  @Test func spansReadLikeStrings() throws {
    let table = parsedTable()
    #expect(table.keys == ["home.greeting", "escaped", "plain", "shorthand"])
    #expect(table["home.greeting"]?.value == .string("Hello"))
    #expect(table["home.greeting"]?.comment == "Greeting on the home screen")
    #expect(table["escaped"]?.value == .string("Tab\tthere"))
    #expect(table["plain"]?.value == .string("word"))
    #expect(table["shorthand"]?.value == .string("shorthand"))
    #expect(
      table
        == LocalizationTable(table.entries.map { LocalizationEntry(key: $0.key, value: $0.value, comment: $0.comment) })
    )
  }

  @Test func settingAPartReplacesOnlyThatPart() throws {
    var entry = try #require(parsedTable()["home.greeting"])
    let original = entry
    entry.value = .string("Hi")
    #expect(entry.key == "home.greeting")
    #expect(entry.value == .string("Hi"))
    #expect(entry.comment == "Greeting on the home screen")
    #expect(entry.position == TextPosition(line: 2, column: 1))
    entry.key = "renamed"
    entry.comment = nil
    #expect(entry.key == "renamed" && entry.value == .string("Hi") && entry.comment == nil)
    // The copy taken before is untouched: parts are never shared mutably.
    #expect(original.key == "home.greeting" && original.value == .string("Hello"))
  }

  @Test func byteComparisonsMatchStringComparisons() throws {
    let table = parsedTable()
    let greeting = try #require(table["home.greeting"])
    let made = LocalizationEntry(key: "home.greeting", string: "Hello")
    #expect(greeting.hasSameValue(as: made))
    #expect(LocalizationTable([greeting, made]).count == 1)
    #expect(!greeting.hasSameValue(as: LocalizationEntry(key: "home.greeting", string: "Hello!")))
    // Canonically equivalent but different bytes: the runtime's lookup tells them apart.
    let composed = LocalizationEntry(key: "caf\u{E9}", string: "")
    let decomposed = LocalizationEntry(key: "cafe\u{301}", string: "")
    #expect(LocalizationTable([composed, decomposed]).count == 2)
  }

  @Test func aTableFindsEveryKeyAmongManyAndKeepsTheLastDefinition() {
    // Enough keys to grow the index several times, with keys that differ only late or only early.
    var entries: [LocalizationEntry] = []
    for index in 0..<5_000 {
      entries.append(LocalizationEntry(key: "screen.item.\(index)", string: "v\(index)"))
      entries.append(LocalizationEntry(key: "\(index).item.screen", string: "w\(index)"))
    }
    entries.append(LocalizationEntry(key: "screen.item.42", string: "last"))
    let table = LocalizationTable(entries)
    #expect(table.count == 10_000)
    #expect(table["screen.item.42"]?.value == .string("last"))
    #expect(table.keys[42 * 2] == "screen.item.42")
    for index in stride(from: 0, to: 5_000, by: 97) {
      #expect(table["\(index).item.screen"]?.value == .string("w\(index)"))
    }
    #expect(table["screen.item.5000"] == nil)
  }
}
