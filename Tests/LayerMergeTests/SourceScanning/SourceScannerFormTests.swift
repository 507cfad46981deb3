import LayerMerge
import Testing

/// Every lookup form, each in a file that also has the same key in a comment, in a nested
/// comment and in plain strings (one of them spelling the whole call): only the call counts, at
/// its key argument.
@Suite struct SourceScannerFormTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var code: String
    var key: LookupKey = .literal("K.key")
    var table: LookupTable = .standard
    var form: String
    var bundle: String?
    var language: SourceLanguage = .swift
    var helpers: [LookupHelper] = []

    var testDescription: String { code }
  }

  static let swiftCases: [Case] = [
    Case(code: #"NSLocalizedString("K.key", comment: "c")"#, form: "NSLocalizedString"),
    Case(
      code: #"NSLocalizedString("K.key", tableName: "Settings", bundle: .module, value: "v", comment: "c")"#,
      table: .named("Settings"), form: "NSLocalizedString", bundle: ".module"),
    Case(
      code: #"Foundation.NSLocalizedString("K.key", tableName: nil, bundle: Bundle.main, comment: "")"#,
      form: "NSLocalizedString"),
    Case(code: #"NSLocalizedString("K.key", tableName: "Localizable", comment: "")"#, form: "NSLocalizedString"),
    Case(code: #"String(localized: "K.key")"#, form: "String(localized:)"),
    Case(
      code: #"String(localized: "K.key", table: "Settings", bundle: .main, comment: "c")"#, table: .named("Settings"),
      form: "String(localized:)"),
    Case(
      code: #"String(localized: "K.key", defaultValue: "Hello", table: "T", bundle: .module)"#, table: .named("T"),
      form: "String(localized:)", bundle: ".module"),
    Case(
      code: #"AttributedString(localized: "K.key", table: "T")"#, table: .named("T"),
      form: "AttributedString(localized:)"),
    Case(
      code: #"LocalizedStringResource("K.key", table: "T", comment: "c")"#, table: .named("T"),
      form: "LocalizedStringResource"),
    Case(code: #"LocalizedStringKey("K.key")"#, form: "LocalizedStringKey"),
    Case(
      code: #"Bundle.main.localizedString(forKey: "K.key", value: nil, table: "T")"#, table: .named("T"),
      form: "localizedString(forKey:)"),
    Case(
      code: #"bundle.localizedString(forKey: "K.key", value: nil, table: nil)"#, form: "localizedString(forKey:)",
      bundle: "bundle"),
    Case(
      code: #"Bundle(for: Self.self).localizedString(forKey: "K.key", value: "", table: "T")"#, table: .named("T"),
      form: "localizedString(forKey:)", bundle: "Bundle(for: Self.self)"),
    Case(code: #"Text("K.key")"#, form: "Text"),
    Case(code: #"SwiftUI.Text("K.key").bold()"#, form: "Text"),
    Case(
      code: #"Text("K.key", tableName: "T", bundle: .module, comment: "c")"#, table: .named("T"), form: "Text",
      bundle: ".module"),
    Case(code: #"Button("K.key") { save() }"#, form: "Button"),
    Case(code: #"Button("K.key", role: .destructive, action: delete)"#, form: "Button"),
    Case(code: #"Label("K.key", systemImage: "star")"#, form: "Label"),
    Case(code: #"Toggle("K.key", isOn: $on)"#, form: "Toggle"),
    Case(code: #"Link("K.key", destination: url)"#, form: "Link"),
    Case(code: #"Picker("K.key", selection: $choice) { Text(verbatim: "a") }"#, form: "Picker"),
    Case(code: #"Section("K.key") { row }"#, form: "Section"),
    Case(code: #"Menu("K.key") { items }"#, form: "Menu"),
    Case(code: #"NavigationLink("K.key", destination: Detail())"#, form: "NavigationLink"),
    Case(code: #"TextField("K.key", text: $name)"#, form: "TextField"),
    Case(code: #"SecureField("K.key", text: $password)"#, form: "SecureField"),
    Case(code: #"Stepper("K.key", value: $count)"#, form: "Stepper"),
    Case(code: #"DatePicker("K.key", selection: $date)"#, form: "DatePicker"),
    Case(code: #"ColorPicker("K.key", selection: $color)"#, form: "ColorPicker"),
    Case(code: #"ProgressView("K.key")"#, form: "ProgressView"),
    Case(code: #"GroupBox("K.key") { content }"#, form: "GroupBox"),
    Case(code: #"DisclosureGroup("K.key") { content }"#, form: "DisclosureGroup"),
    Case(code: #"Tab("K.key", systemImage: "house") { Home() }"#, form: "Tab"),
    Case(code: #"LabeledContent("K.key", value: value)"#, form: "LabeledContent"),
    Case(code: #"ContentUnavailableView("K.key", systemImage: "tray")"#, form: "ContentUnavailableView"),
    Case(code: #"view.navigationTitle("K.key")"#, form: ".navigationTitle"),
    Case(code: #"view.navigationBarTitle("K.key", displayMode: .inline)"#, form: ".navigationBarTitle"),
    Case(code: #"view.help("K.key")"#, form: ".help"),
    Case(code: #"view.alert("K.key", isPresented: $shown) { ok }"#, form: ".alert"),
    Case(code: #"view.confirmationDialog("K.key", isPresented: $shown) { ok }"#, form: ".confirmationDialog"),
    Case(code: #"view.accessibilityLabel("K.key")"#, form: ".accessibilityLabel"),
    Case(code: #"view.accessibilityHint("K.key")"#, form: ".accessibilityHint"),
    Case(code: #"view.searchable(text: $query, prompt: "K.key")"#, form: ".searchable"),
    Case(code: #"view.accessibilityAction(named: "K.key") { act() }"#, form: ".accessibilityAction"),
    Case(
      code: #"L10n.tr("Settings", "K.key", fallback: "Hello")"#, table: .named("Settings"), form: "L10n.tr",
      helpers: [swiftGenHelper]),
    Case(code: #""K.key".localized"#, table: .named("Strings"), form: ".localized", helpers: [propertyHelper]),
    Case(
      code: #""K.key".localized(comment: "c")"#, table: .named("Strings"), form: ".localized",
      helpers: [propertyHelper]),
  ]

  static let objectiveCCases: [Case] = [
    Case(code: #"NSLocalizedString(@"K.key", @"c")"#, form: "NSLocalizedString", language: .objectiveC),
    Case(code: #"NSLocalizedString(@"K.key", nil)"#, form: "NSLocalizedString", language: .objectiveC),
    Case(
      code: #"NSLocalizedStringFromTable(@"K.key", @"Settings", @"c")"#, table: .named("Settings"),
      form: "NSLocalizedStringFromTable", language: .objectiveC),
    Case(
      code: #"NSLocalizedStringFromTableInBundle(@"K.key", nil, bundle, @"c")"#,
      form: "NSLocalizedStringFromTableInBundle",
      bundle: "bundle", language: .objectiveC),
    Case(
      code: #"NSLocalizedStringWithDefaultValue(@"K.key", @"T", [NSBundle mainBundle], @"v", @"c")"#,
      table: .named("T"), form: "NSLocalizedStringWithDefaultValue", language: .objectiveC),
    Case(
      code: #"[[NSBundle mainBundle] localizedStringForKey:@"K.key" value:@"" table:@"T"]"#, table: .named("T"),
      form: "localizedStringForKey:", language: .objectiveC),
    Case(
      code: #"[self.bundle localizedStringForKey:@"K.key" value:nil table:nil]"#, form: "localizedStringForKey:",
      bundle: "self.bundle", language: .objectiveC),
    Case(
      code: #"[NSBundle.mainBundle localizedStringForKey:(@"K.key") value:nil table:nil]"#,
      key: .dynamic(expression: #"(@"K.key")"#), form: "localizedStringForKey:", language: .objectiveC),
  ]

  /// The case's code among decoys, on line 9 after `indent`.
  static func file(_ c: Case, indent: String) -> String {
    let escaped = c.code.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    if c.language == .swift {
      return """
        import SwiftUI
        // \(c.code)
        /* a nested /* \(c.code) */ comment */
        let plain = "K.key"
        let spelled = "\(escaped)"
        let raw = #"\(c.code)"#
        let multi = \"""
          \(c.code)
          \"""; func f() {
        \(indent)\(c.code)
        }
        """
    }
    return """
      #import <Foundation/Foundation.h>
      // \(c.code)
      /* \(c.code) */
      NSString *plain = @"K.key";
      NSString *spelled = @"\(escaped)";
      const char *c = "\(escaped)";
      #if 0
      #endif
      void f() {
      \(indent)id x = \(c.code);
      }
      """
  }

  @Test(arguments: swiftCases + objectiveCCases)
  func eachFormCountsOnceAtItsKey(_ c: Case) throws {
    let source = Self.file(c, indent: "  ")
    let found = scanned(source, c.language, helpers: c.helpers)
    try #require(found.count == 1, "\(found)")
    let lookup = found[0]
    #expect(lookup.key == c.key)
    #expect(lookup.table == c.table)
    #expect(lookup.form == c.form)
    #expect(lookup.bundle == c.bundle)
    // The key argument: its quote (or `@`, or what starts a dynamic key), in Unicode scalars.
    let line = source.split(separator: "\n", omittingEmptySubsequences: false)[9]
    let keyText: String
    switch c.key {
    case .dynamic(let expression): keyText = expression
    default: keyText = (c.language == .objectiveC ? "@" : "") + "\"K.key\""
    }
    let prefix = try #require(line.range(of: keyText)).lowerBound
    #expect(lookup.position == TextPosition(line: 10, column: line[..<prefix].unicodeScalars.count + 1))
  }

  /// The main bundle however it is spelled, spaces, line breaks and comments aside, reads the
  /// app's own tables; anything longer, shorter or quoted is another bundle, shown as written.
  @Test func theMainBundleIsKnownInEverySpelling() {
    let main = [
      "nil", "NULL", "Nil", ".main", "Bundle.main", "Bundle . main", "Bundle\n  .main", "Bundle/* x */.main",
      "Foundation.Bundle.main",
    ]
    for spelling in main {
      let found = scanned(#"NSLocalizedString("k", tableName: nil, bundle: \#(spelling), comment: "")"#)
      #expect(found.map(\.bundle) == [nil], "\(spelling)")
    }
    let other = [
      ("Bundle.mainly", "Bundle.mainly"), ("Bundle.main.x", "Bundle.main.x"), ("\"nil\"", "\"nil\""),
      ("Bundle\n  .module", "Bundle .module"), ("Foundation.Bundle.main2", "Foundation.Bundle.main2"),
      ("nill", "nill"),
    ]
    for (spelling, shown) in other {
      let found = scanned(#"NSLocalizedString("k", tableName: nil, bundle: \#(spelling), comment: "")"#)
      #expect(found.map(\.bundle) == [shown], "\(spelling)")
    }
    let objectiveC: [(String, String?)] = [
      ("[NSBundle mainBundle]", nil), ("[ NSBundle\n mainBundle ]", nil), ("NSBundle.mainBundle", nil),
      ("[NSBundle.mainBundle]", nil), ("[NSBundle bundleForClass:self.class]", "[NSBundle bundleForClass:self.class]"),
    ]
    for (spelling, shown) in objectiveC {
      let found = scanned(#"NSLocalizedStringFromTableInBundle(@"k", nil, \#(spelling), @"c")"#, .objectiveC)
      #expect(found.map(\.bundle) == [shown], "\(spelling)")
    }
  }

  @Test func columnsCountUnicodeScalars() {
    let found = scanned("import SwiftUI\n/* é😀 */ let ü = Text(\"K\")\r\nText(\"L\")")
    #expect(found.map(\.position) == [TextPosition(line: 2, column: 23), TextPosition(line: 3, column: 6)])
  }

  @Test func swiftUIFormsCountOnlyWhereSwiftUIIsImported() {
    let body = #"Text("a"); Button("b") { }; x.navigationTitle("c"); NSLocalizedString("d", comment: "")"#
    #expect(keys(body) == [.literal("d")])
    #expect(keys("import SwiftUI\n" + body).count == 4)
    #expect(keys("@_exported import SwiftUI\n" + body).count == 4)
    #expect(keys("import struct SwiftUI.Text\n" + body).count == 4)
  }

  @Test func callsThatShowAStringAsItIsAreNoLookups() {
    let source = """
      import SwiftUI
      Text(verbatim: "a")
      Text(title)
      Text("a" + b)
      Text(String(localized: "inner"))
      Button(action: save) { Label(title: { Text(name) }, icon: { Image("x") }) }
      view.navigationTitle(model.title)
      foo.Text("b")
      func Text(_ s: String) {}
      func NSLocalizedString(_ key: String, comment: String) -> String { key }
      case .alert("c")
      """
    #expect(scanned(source).map(\.key) == [.literal("inner")])
  }

  /// A form that reads only a literal as its first argument reads one however it is written (raw,
  /// multi-line, on the next line, after a comment); anything else there (a parenthesis, a label,
  /// nothing) is no lookup.
  @Test func aLiteralOnlyFormReadsTheLiteralThatStartsItsArguments() {
    let source = #"""
      import SwiftUI
      Text(#"raw"#)
      Text(
        "next line")
      Text("""
        multi
        """)
      Text(("parenthesized"))
      Text()
      Text(verbatim: "labeled")
      Text(/* why */ "after a comment")
      """#
    #expect(
      scanned(source).map(\.key) == [
        .literal("raw"), .literal("next line"), .literal("multi"), .literal("after a comment"),
      ])
  }

  @Test func objectiveCMacroDefinitionsAreNoLookups() {
    let source = """
      #define NSLocalizedString(key, comment) [NSBundle.mainBundle localizedStringForKey:(key) value:@"" table:nil]
      #define L(key) NSLocalizedString(key, nil)
      """
    #expect(
      keys(source, .objectiveC) == [.dynamic(expression: "(key)"), .dynamic(expression: "key")])
  }
}
