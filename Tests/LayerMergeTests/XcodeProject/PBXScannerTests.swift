import Foundation
import TestSupport
import Testing

@testable import LayerMerge

/// The project-file reader reads what Apple's reader reads, to the same values, and keeps byte ranges.
@Suite struct PBXScannerTests {
  static func document(_ text: String) throws -> PBXDocument {
    try XcodeProjectReader.document(Array(text.utf8), path: "t.pbxproj")
  }

  /// Every file of ../shared/xcodeproj: where Foundation reads it, we read the same tree; where it
  /// refuses, so do we (the XML files are refused on purpose: Xcode never writes them).
  @Test(SharedFolder.required)
  func everySharedFileReadsAsFoundationReadsIt() throws {
    let files = PBXOracle.sharedProjectFiles
    #expect(files.count >= 80)
    var agreed = 0
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: file))
      let expected = PBXOracle.foundationValue(bytes)
      let isXML = bytes.starts(with: Array("<?xml".utf8))
      do {
        let document = try XcodeProjectReader.document(bytes, path: file.path)
        #expect(expected != nil, "\(file.path): Foundation refuses what we read")
        #expect(PBXOracle.value(document) == expected, "\(file.path)")
        agreed += 1
      } catch {
        if isXML {
          #expect(error == .xmlFormat(path: file.path))
        } else {
          #expect(expected == nil, "\(file.path): we refuse what Foundation reads: \(error)")
        }
      }
    }
    #expect(agreed >= 80)
  }

  @Test func stringsReadAsApplesReaderReadsThem() throws {
    let text = #"""
      // !$*UTF8*$!
      {
      	a = "tab\tnew\nquote\"back\\slash";
      	b = 'single "quoted"';
      	c = "\U00e9\U20ac\Ud83d\Ude00";
      	d = "\101\341";
      	e = bare/path.with-dots:and_$;
      	f = "\q\
      ";
      	g;
      	/* a comment */ h = ( x, y, ); // a line comment
      	i = <0fbd 7777>;
      	j = {};
      	"k k" = ();
      	l = ' ';
      }
      """#
    let document = try Self.document(text)
    let expected = try #require(PBXOracle.foundationValue(Array(text.utf8)))
    #expect(PBXOracle.value(document) == expected)
    #expect(document.string("a", in: document.root) == "tab\tnew\nquote\"back\\slash")
    #expect(document.string("c", in: document.root) == "é€😀")
    #expect(document.string("d", in: document.root) == "AÆ")
    #expect(document.string("g", in: document.root) == "g")
  }

  @Test func aRepeatedKeyKeepsItsLastValueAsFoundationDoes() throws {
    let text = "{ a = 1; a = 2; objects = { X = { isa = A; }; X = { isa = B; }; }; }"
    let document = try Self.document(text)
    #expect(document.string("a", in: document.root) == "2")
    let object = try #require(document.object("X"))
    #expect(document.isa(object, is: "B"))
    #expect(PBXOracle.value(document) == PBXOracle.foundationValue(Array(text.utf8)))
  }

  @Test func nodesKeepTheirByteRanges() throws {
    let text = "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tAB /* c */ = {isa = PBXBuildFile; };\n\t};\n}\n"
    let document = try Self.document(text)
    let object = try #require(document.object("AB"))
    let range = document.range(object)
    #expect(String(decoding: document.bytes[range], as: UTF8.self) == "{isa = PBXBuildFile; }")
  }

  @Test(arguments: [
    ("{ a = b }", 1, 9, "expected ';' after the value, found '}'"),
    ("{\n a = \"b;\n}", 2, 6, "no closing '\"' for this string"),
    ("{ a = (b c); }", 1, 10, "expected ',' or ')' in the array, found 'c'"),
    ("{ a = b; /* open", 1, 10, "no '*/' closes the comment opened here"),
    ("{ a = \"\\U\"; }", 1, 8, "'\\U' needs hex digits (write \\U0000 for U+0000)"),
    ("{ a = <0f1>; }", 1, 10, "data needs two hex digits per byte"),
    ("{ a = b; } c", 1, 12, "unexpected 'c' after the project's closing '}'"),
    ("a = b;", 1, 1, "expected '{' to start the project, found 'a'"),
    ("", 1, 1, "the file is empty: a project file starts with '{'"),
  ])
  func syntaxErrorsNameTheirLineAndColumn(text: String, line: Int, column: Int, message: String) {
    #expect(
      throws: XcodeProjectError.syntax(
        path: "t.pbxproj", position: TextPosition(line: line, column: column), message: message)
    ) {
      try Self.document(text)
    }
    // Apple's reader refuses each too, but for an empty file, a file that is not one dictionary, and
    // a `\U` without digits (which Foundation on Linux reads as U+0000).
    if !text.isEmpty, text != "a = b;", !text.contains("\\U") {
      #expect(PBXOracle.foundationValue(Array(text.utf8)) == nil, "\(text)")
    }
  }

  @Test func bareCharactersAreApplesExactly() {
    let bare = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$/:.-".utf8)
    for byte in UInt8.min...UInt8.max {
      #expect(OldStyleSyntax.isUnquotedCharacter(byte) == bare.contains(byte), "\(byte)")
    }
  }

  @Test func deepNestingIsRefusedWithoutExhaustingTheStack() {
    let text = "{ a = " + String(repeating: "(", count: 100_000) + " }"
    #expect(throws: XcodeProjectError.self) { try Self.document(text) }
  }

  @Test func xmlBinaryConflictsAndOtherEncodingsAreRefusedByName() {
    #expect(throws: XcodeProjectError.xmlFormat(path: "t.pbxproj")) {
      try Self.document("\n<?xml version=\"1.0\"?><plist/>")
    }
    #expect(throws: XcodeProjectError.binaryFormat(path: "t.pbxproj")) { try Self.document("bplist00") }
    #expect(throws: XcodeProjectError.mergeConflict(path: "t.pbxproj", position: TextPosition(line: 3, column: 1))) {
      try Self.document("{\n\ta = b;\n<<<<<<< HEAD\n\tc = d;\n=======\n\tc = e;\n>>>>>>> other\n}\n")
    }
    #expect(throws: XcodeProjectError.encoding(path: "t.pbxproj", position: TextPosition(line: 2, column: 7))) {
      try XcodeProjectReader.document(Array("{\n\ta = \"".utf8) + [0xFF] + Array("\";}".utf8), path: "t.pbxproj")
    }
  }
}
