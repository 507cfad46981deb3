import TestSupport
import Testing

@testable import LayerMerge

/// The scanner takes time in proportion to the file, whatever it holds: each input made to be
/// slow (deep nesting, unterminated literals and comments, long delimiter runs, many slashes,
/// long receiver chains) is scanned at n and 8n in the same test (``LinearTime``).
@Suite struct SourceScannerTimeTests {
  struct Input: CustomTestStringConvertible, Sendable {
    var name: String
    var language: SourceLanguage = .swift
    var make: @Sendable (Int) -> String
    var testDescription: String { name }
  }

  static let inputs: [Input] = [
    Input(name: "nested interpolations, closed") { n in
      String(repeating: #"Text("a \("#, count: n) + String(repeating: #")b")"#, count: n)
    },
    Input(name: "nested interpolations, never closed") { n in String(repeating: #"String(localized: "\("#, count: n) },
    Input(name: "nested interpolations in multi-line literals") { n in
      String(repeating: "Text(\"\"\"\n\\(", count: n) + String(repeating: ")\n\"\"\")", count: n)
    },
    Input(name: "nested parentheses") { n in
      String(repeating: "NSLocalizedString(", count: n) + "\"k\"" + String(repeating: ", comment: \"\")", count: n)
    },
    Input(name: "unclosed parentheses") { n in String(repeating: "Text(foo(", count: n) },
    Input(name: "nested dynamic keys") { n in
      String(
        repeating: "NSLocalizedString(f() + NSLocalizedString(\"\"\"\n" + String(repeating: " ", count: 50), count: n)
    },
    Input(name: "unterminated quotes") { n in String(repeating: "\"NSLocalizedString(\n", count: n) },
    Input(name: "unterminated quotes on one line") { n in String(repeating: "\" \\(", count: n) },
    Input(name: "unterminated multi-line literals") { n in String(repeating: "\"\"\"\n\\(\"\"\"\n", count: n) },
    Input(name: "unterminated comments") { n in String(repeating: "/* Text(\"k\") ", count: n) },
    Input(name: "a long run of #") { n in
      String(repeating: "#", count: n * 8) + "\"" + String(repeating: "\"#", count: n)
    },
    Input(name: "raw delimiters almost closing") { n in
      String(repeating: "#", count: 64) + "\"" + String(repeating: "\"" + String(repeating: "#", count: 63), count: n)
    },
    Input(name: "extended regex almost closing") { n in
      String(repeating: "#", count: 64) + "/\n" + String(repeating: "/" + String(repeating: "#", count: 63), count: n)
    },
    Input(name: "many slashes") { n in String(repeating: "(/a /(/x(", count: n) },
    Input(name: "slashes before line ends") { n in String(repeating: "= /abc\n", count: n) },
    Input(name: "long receiver chains") { n in
      String(repeating: "a.", count: n) + String(repeating: "localizedString(forKey: k).", count: n) + "x"
    },
    Input(name: "long modifier chains") { n in
      "import SwiftUI\nText(\"a\")" + String(repeating: "\n  .help(\"h\").navigationTitle(x)", count: n)
    },
    Input(name: "many arguments") { n in
      "NSLocalizedString(" + String(repeating: "a, ", count: n) + "comment: \"\", tableName: t)"
    },
    Input(name: "nested messages", language: .objectiveC) { n in
      String(repeating: "[b localizedStringForKey:", count: n)
        + String(repeating: "@\"k\" value:nil table:nil]", count: n)
    },
    Input(name: "one message, many selector parts", language: .objectiveC) { n in
      "[b " + String(repeating: "localizedStringForKey:@\"k\" ", count: n) + "]"
    },
    Input(name: "unterminated raw strings", language: .objectiveC) { n in String(repeating: "R\"abc(\n", count: n) },
    Input(name: "unterminated C literals", language: .objectiveC) { n in String(repeating: "@\"\\\n", count: n) },
  ]

  @Test(arguments: inputs)
  func scanningIsLinear(_ input: Input) {
    let scanner = SourceScanner(helpers: [LookupHelper(form: .property(name: "localized"))])
    let ratio = LinearTime.ratio(n: 2000, prepare: { Array(input.make($0).utf8) }) { bytes in
      _ = scanner.scan(bytes, language: input.language)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the input")
  }

  /// `lint`'s brief scan keeps each table's name once per file: a file that names a new table in
  /// every lookup, and one that goes back to the first table between them, stay linear too.
  @Test(arguments: [false, true])
  func aBriefScanIsLinearInTheTablesItNames(returningToTheFirst: Bool) {
    let scanner = SourceScanner()
    let ratio = LinearTime.ratio(
      n: 2000,
      prepare: { n in
        Array(
          (0..<n).map {
            #"NSLocalizedString("k", tableName: "T\#($0)", comment: "")"#
              + (returningToTheFirst ? #"NSLocalizedString("k", tableName: "T0", comment: "")"# : "")
          }.joined(separator: "\n").utf8)
      }
    ) { bytes in
      _ = scanner.briefScan(bytes, language: .swift)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the input")
  }
}
