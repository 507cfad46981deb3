import Testing

@testable import LayerMerge

/// The one escape for input shown in messages: nothing from a file, a name or a key reaches a
/// terminal raw or breaks a diagnostic's line.
@Suite struct DisplayTextTests {
  @Test func controlCharactersSeparatorsAndBidirectionalControlsAreShownAsEscapes() {
    let cases: [(String, String)] = [
      ("a\nb", "a\\nb"), ("a\r\tb", "a\\r\\tb"), ("\u{1B}[2J", "\\u{1B}[2J"), ("bell\u{7}", "bell\\u{7}"),
      ("nul\u{0}", "nul\\u{0}"), ("del\u{7F}", "del\\u{7F}"), ("csi\u{9B}31m", "csi\\u{9B}31m"),
      ("line\u{2028}sep", "line\\u{2028}sep"), ("abc\u{202E}fed", "abc\\u{202E}fed"), ("iso\u{2066}x", "iso\\u{2066}x"),
    ]
    for (text, shown) in cases {
      #expect(DisplayText.escaped(text) == shown)
      // Escaping twice changes nothing: a message built from escaped parts is escaped once more safely.
      #expect(DisplayText.escaped(shown) == shown)
    }
    for plain in ["Localizable.strings", "Grüße “quoted” — …", "日本語", "emoji 👋🏽", "back\\slash"] {
      #expect(DisplayText.escaped(plain) == plain)
    }
  }

  @Test func quotedTextEscapesQuotesAndIsCutAfterTwoHundredCharacters() {
    #expect(DisplayText.quoted("say \"hi\"\\\u{1B}") == "\"say \\\"hi\\\"\\\\\\u{1B}\"")
    let long = String(repeating: "é", count: 1000)
    #expect(DisplayText.quoted(long) == "\"" + String(repeating: "é", count: 200) + "…\" (1000 characters)")
    #expect(DisplayText.shortened(long) == String(repeating: "é", count: 200) + "… (1000 characters)")
    #expect(DisplayText.quoted(String(repeating: "x", count: 200)) == "\"" + String(repeating: "x", count: 200) + "\"")
  }

  @Test func aDiagnosticIsOneLineWhateverItsMessageOrPathHolds() {
    var diagnostic = Diagnostic(
      .error, .syntax, "bad\nfile.strings:1:1: error: forged", at: SourceLocation(path: "a\u{1B}]0;title\u{7}.strings"),
      notes: [Diagnostic.Note("first\rsecond")])
    #expect(diagnostic.message == "bad\\nfile.strings:1:1: error: forged")
    #expect(diagnostic.notes[0].message == "first\\rsecond")
    #expect(diagnostic.description == "a\\u{1B}]0;title\\u{7}.strings: error: bad\\nfile.strings:1:1: error: forged")
    // The path itself stays as it is, for tools that open the file.
    #expect(diagnostic.location?.path == "a\u{1B}]0;title\u{7}.strings")
    diagnostic.message = "set\nlater"
    #expect(diagnostic.message == "set\\nlater")
  }

  @Test func anEmptyBuildSettingIsUnsetAndAnUnclosedOneIsAProblem() throws {
    let template = PathTemplate("$(DERIVED_FILE_DIR)/LocMerge")
    #expect(throws: PathTemplate.UnsetSettings(names: ["DERIVED_FILE_DIR"])) {
      try template.expanded(target: nil, environment: ["DERIVED_FILE_DIR": ""])
    }
    #expect(try template.expanded(target: nil, environment: ["DERIVED_FILE_DIR": "/d"]) == "/d/LocMerge")
    for good in ["$(A)/{target}", "${B_1}/x", "plain/$HOME", "cost$", "a$b"] {
      #expect(PathTemplate(good).problem == nil, "\(good)")
    }
    for bad in ["$(R1/x", "${A", "$()", "$(A B)", "x/$(A)/${"] {
      #expect(PathTemplate(bad).problem != nil, "\(bad)")
    }
  }

  @Test func folderNamesAreOneFolderWithoutControlCharacters() {
    for good in ["AcmePro", "Acme Pro", "Acme-Pro.v2", ".hidden", "日本"] { #expect(FolderName.problem(good) == nil) }
    for bad in ["", ".", "..", "a/b", "/abs", "tab\tname", "esc\u{1B}", "nul\u{0}", "c1\u{85}"] {
      #expect(FolderName.problem(bad) != nil, "\(bad.debugDescription)")
    }
  }
}
