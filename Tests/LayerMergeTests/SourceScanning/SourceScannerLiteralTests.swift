import LayerMerge
import Testing

/// Keys as the compiler makes them: escapes, raw and multi-line literals, interpolations; keys
/// the code builds at run time are dynamic, never guessed.
@Suite struct SourceScannerLiteralTests {
  @Test func escapes() {
    #expect(
      keys(#"NSLocalizedString("a\tb\n\"q\" \\ \0 \u{1F600}\u{E9} \'", comment: "")"#)
        == [.literal("a\tb\n\"q\" \\ \0 😀é '")])
  }

  @Test func rawLiterals() {
    #expect(keys(##"String(localized: #"Say "hi" \n \(x)"#)"##) == [.literal(#"Say "hi" \n \(x)"#)])
    #expect(keys(###"String(localized: ##"a "# \#n \##t"##)"###) == [.literal("a \"# \\#n \t")])
    #expect(keys(##"String(localized: #"a \#(x) b \(y)"#)"##) == [.interpolated(pieces: ["a ", #" b \(y)"#])])
    // Found by the compiler oracle: `#"""` closed on its line is single-line; a raw multi-line
    // literal's last line may end in a continuation.
    #expect(keys(##"String(localized: #"""#); String(localized: #"""a"#)"##) == [.literal("\""), .literal("\"\"a")])
    #expect(keys("String(localized: #\"\"\"\n\t\\#\"\\\\#\n\t\"\"\"#)") == [.literal("\"\\")])
  }

  @Test func multiLineLiteralsLoseTheClosingIndentation() {
    let source = """
      let s = String(localized: \"""
          Line one \\
          continued
            indented

          last\\t
          \""")
      """
    #expect(keys(source) == [.literal("Line one continued\n  indented\n\nlast\t")])
    let crlf = "NSLocalizedString(\"\"\"\r\n  a\r\n  b\r\n  \"\"\", comment: \"\")"
    #expect(keys(crlf) == [.literal("a\nb")])
    #expect(keys("NSLocalizedString(\"\"\"\n  \"\"\", comment: \"\")") == [.literal("")])
  }

  @Test func interpolatedKeysAreFormats() {
    let source = #"""
      import SwiftUI
      String(localized: "Hello \(name), \(count) new")
      Text("\(n) items")
      Text("A \(flag ? "x" : "y") B \(f(g("(")))")
      Text("A \(items.map { "\($0)" }.joined(separator: ")")) B")
      LocalizedStringResource("\(a)\(b)")
      Text("""
        \(n) files
          in \(folder)
        """)
      """#
    #expect(
      keys(source) == [
        .interpolated(pieces: ["Hello ", ", ", " new"]), .interpolated(pieces: ["", " items"]),
        .interpolated(pieces: ["A ", " B ", ""]), .interpolated(pieces: ["A ", " B"]),
        .interpolated(pieces: ["", "", ""]), .interpolated(pieces: ["", " files\n  in ", ""]),
      ])
  }

  @Test func lookupsInsideInterpolationsCountToo() {
    let source = #"""
      import SwiftUI
      Text("A \(String(localized: "inner \(NSLocalizedString("deepest", comment: ""))")) B")
      """#
    #expect(
      keys(source) == [
        .interpolated(pieces: ["A ", " B"]), .interpolated(pieces: ["inner ", ""]), .literal("deepest"),
      ])
  }

  @Test func aStringBuiltByInterpolationIsADynamicKey() {
    #expect(keys(#"NSLocalizedString("Hello \(name)", comment: "")"#) == [.dynamic(expression: #""Hello \(name)""#)])
    #expect(
      keys(#"L10n.tr("T", "item.\(id)")"#, helpers: [swiftGenHelper]) == [.dynamic(expression: #""item.\(id)""#)])
    #expect(keys(#""item.\(id)".localized"#, helpers: [propertyHelper]) == [.dynamic(expression: #""item.\(id)""#)])
  }

  @Test func dynamicKeysAndTables() {
    let source = #"""
      NSLocalizedString(key, comment: "")
      NSLocalizedString(model.title(for: 3), comment: "")
      NSLocalizedString("prefix." + suffix, comment: "")
      NSLocalizedString(isOn ? "on" : "off", comment: "")
      NSLocalizedString(
        "a"   /* why */ + b, comment: "")
      String(localized: resource)
      NSLocalizedString("k", tableName: tableName, comment: "")
      title.localized
      """#
    let found = scanned(source, helpers: [propertyHelper])
    #expect(
      found.map(\.key) == [
        .dynamic(expression: "key"), .dynamic(expression: "model.title(for: 3)"),
        .dynamic(expression: #""prefix." + suffix"#), .dynamic(expression: #"isOn ? "on" : "off""#),
        .dynamic(expression: #""a" + b"#), .dynamic(expression: "resource"), .literal("k"),
        .dynamic(expression: "title"),
      ])
    #expect(found[6].table == .dynamic(expression: "tableName"))
    #expect(found[4].position == TextPosition(line: 6, column: 3))
  }

  @Test func aLongDynamicKeyIsShortened() throws {
    let long = String(repeating: "veryLongName.", count: 20) + "last"
    let key = try #require(keys("NSLocalizedString(\(long), comment: \"\")").first)
    guard case .dynamic(let expression) = key else {
      Issue.record("\(key)")
      return
    }
    #expect(expression.hasSuffix("…"))
    #expect(expression.utf8.count <= 84)
  }

  @Test func aLookupAsTheKeyOfAnotherCountsOnce() {
    let source = #"""
      NSLocalizedString(L10n.tr("T", "inner"), comment: "")
      NSLocalizedString(Bundle.main.localizedString(forKey: "k2", value: nil, table: nil), comment: "")
      NSLocalizedString(String(format: "%@", x), comment: "")
      """#
    #expect(
      keys(source, helpers: [swiftGenHelper]) == [
        .literal("inner"), .literal("k2"), .dynamic(expression: #"String(format: "%@", x)"#),
      ])
  }

  @Test func swiftGenBodiesAreOneDynamicLookup() {
    let source = #"""
      internal enum L10n {
        internal static let title = L10n.tr("Localizable", "title", fallback: "Title")
        internal static func items(_ p1: Int) -> String {
          return L10n.tr("Settings", "items %d", p1, fallback: "%d items")
        }
      }
      extension L10n {
        private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
          let format = BundleToken.bundle.localizedString(forKey: key, value: value, table: table)
          return String(format: format, locale: Locale.current, arguments: args)
        }
      }
      let bare = tr("Localizable", "not.this")
      """#
    let found = scanned(source, helpers: [swiftGenHelper])
    #expect(found.map(\.key) == [.literal("title"), .literal("items %d"), .dynamic(expression: "key")])
    #expect(found.map(\.table) == [.standard, .named("Settings"), .dynamic(expression: "table")])
    #expect(found[2].bundle == "BundleToken.bundle")
  }

  @Test func unqualifiedHelpersMatchWithOrWithoutAReceiver() {
    let helper = LookupHelper(form: .call(name: "localized", key: .label("key"), table: .label("table")))
    let source = #"""
      localized(key: "a", table: "T")
      Strings.localized(key: "b")
      localized("not a key argument")
      """#
    let found = scanned(source, helpers: [helper])
    #expect(found.map(\.key) == [.literal("a"), .literal("b")])
    #expect(found.map(\.table) == [.named("T"), .standard])
  }

  /// A name is compared as written: a helper declared with backticks matches the call written
  /// with them, and a built-in form written with them (another identifier to this scanner) does
  /// not.
  @Test func backtickedNamesMatchAsWritten() {
    let helper = LookupHelper(form: .call(name: "`default`", key: .position(0), table: nil))
    let source = #"""
      let a = `default`("quoted")
      let b = `NSLocalizedString`("not the built-in form", comment: "")
      let c = NSLocalizedString("plain", comment: "")
      """#
    #expect(scanned(source, helpers: [helper]).map(\.key) == [.literal("quoted"), .literal("plain")])
  }

  @Test func regexLiteralsAndDivisions() {
    let source = #"""
      let r = /"[a-z]+/; let a = NSLocalizedString("after regex", comment: "")
      let ratio = total/count; let b = NSLocalizedString("after division", comment: "a/b")
      let e = #/"/#; let c = NSLocalizedString("after extended regex", comment: "")
      let d = x.filter(/ 2); let f = NSLocalizedString("after operator", comment: "/")
      """#
    #expect(
      keys(source) == [
        .literal("after regex"), .literal("after division"), .literal("after extended regex"),
        .literal("after operator"),
      ])
  }

  @Test func everyBranchOfConditionalCompilationCounts() {
    let source = #"""
      #if os(iOS)
      let t = NSLocalizedString("ios", comment: "")
      #elseif os(macOS)
      let t = NSLocalizedString("mac", comment: "")
      #else
      let t = NSLocalizedString("other", comment: "")
      #endif
      """#
    #expect(keys(source) == [.literal("ios"), .literal("mac"), .literal("other")])
  }

  @Test func objectiveCLiterals() {
    let source = #"""
      NSString *a = NSLocalizedString(@"joined " @"and" " plain", nil);
      NSString *b = NSLocalizedString(@"\101\x42\u00e9\U0001F600\t\"", nil);
      NSString *c = NSLocalizedString(@"spliced \
      line", nil); // NSLocalizedString(@"comment", nil) \
      NSLocalizedString(@"continued comment", nil);
      char d = '"'; NSString *e = NSLocalizedString(@"after char", nil);
      int f = 1'000; NSString *g = NSLocalizedString(@"after separator", nil);
      """#
    #expect(
      keys(source, .objectiveC) == [
        .literal("joined and plain"), .literal("ABé😀\t\""), .literal("spliced line"), .literal("after char"),
        .literal("after separator"),
      ])
  }

  @Test func unterminatedLiteralsEndAtTheirLine() {
    let source = #"""
      let a = "never closed
      let b = NSLocalizedString("found", comment: "")
      let c = "\(unclosed
      let d = NSLocalizedString("found too", comment: "")
      """#
    #expect(keys(source) == [.literal("found"), .literal("found too")])
    #expect(
      keys("NSLocalizedString(@\"open\n, nil); NSLocalizedString(@\"k\", nil)", .objectiveC).last == .literal("k"))
  }
}
