import Foundation
import TestSupport
import Testing

@testable import locmerge

/// Nothing in a key, a value or a layer's name can end or alter the audit page's data block
/// (issue 23, case 8): the page is read here as a browser reads a script element's text (the
/// HTML standard's script data states, in which `<!--` followed by `<script` hides the next
/// `</script>`), and the data block must end where the page ends it and hold JSON naming them.
@Suite struct AuditPageScriptTests {
  static let hostile = [
    "<!--<script>", "</script><script>alert(1)</script>", "<!--", "-->", "\u{2028}\u{2029}", "&lt;",
  ]

  @Test func keysValuesAndNamesCannotEndTheDataBlock() throws {
    let scratch = try Scratch()
    let key = Self.hostile.joined(separator: " ")
    try scratch.write(
      "\"\(key)\" = \"base <!--<script>\";\n\"plain\" = \"p\";\n", to: "Base/en.lproj/Localizable.strings")
    // Values are shown with invisible characters escaped; this one has none.
    let value = "<!--<script> </script><script>alert(1)</script> &lt;"
    try scratch.write("\"\(key)\" = \"\(value)\";\n", to: "Pro/en.lproj/Localizable.strings")
    let name = "<!--<script>Pro"
    let outcome = try ToolRunner.run(
      ["audit", "-b", "Base", "--target", "\(name)=Pro", "--format", "html"], in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let scripts = Self.scriptElements(in: outcome.standardOutput)
    #expect(scripts.map(\.openTag) == ["<script type=\"application/json\" id=\"audit\">", "<script>"])
    #expect(scripts.last?.text.hasPrefix("\n(function () {") == true)
    let data = try #require(
      try JSONSerialization.jsonObject(with: Data((scripts.first?.text ?? "").utf8)) as? [String: Any])
    let rows = try #require(data["rows"] as? [[Any]])
    #expect(rows.contains { $0[1] as? String == key })
    #expect((data["strings"] as? [String])?.contains(value) == true)
    #expect((data["targets"] as? [[String: Any]])?.first?["name"] as? String == name)
    // Nothing that could start or end markup is left in the block as it stands.
    let text = scripts.first?.text ?? ""
    for marker: Unicode.Scalar in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
      #expect(!text.unicodeScalars.contains(marker), "\(marker) in the data block")
    }
  }

  /// The title and subtitle are filled in one pass: a base folder named like a placeholder stays
  /// its name, and the data goes only into the data block.
  @Test func aNameLikeAPlaceholderStaysAName() throws {
    let scratch = try Scratch()
    try scratch.write("\"k\" = \"<!--<script>\";\n", to: "{{DATA}}/en.lproj/Localizable.strings")
    try scratch.write("\"k\" = \"v\";\n", to: "Pro/en.lproj/Localizable.strings")
    let outcome = try ToolRunner.run(
      ["audit", "-b", "{{DATA}}", "--target", "Pro=Pro", "--format", "html"], in: scratch.root)
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let page = outcome.standardOutput
    #expect(page.contains("<title>Localization audit — {{DATA}}</title>"))
    #expect(Self.scriptElements(in: page).count == 2)
  }

  // MARK: - Reading script elements as a browser does

  /// Every script element: its start tag and its text, which ends at the `</script` the HTML
  /// standard's script data states end it at (script data, escaped after `<!--`, double escaped
  /// after `<script` inside that, back at `-->`).
  static func scriptElements(in page: String) -> [(openTag: String, text: String)] {
    let scalars = Array(page.unicodeScalars)
    var elements: [(String, String)] = []
    var index = 0
    while let open = find("<script", in: scalars, from: index), isTagEnd(scalars, open + 7) {
      guard let close = scalars[open...].firstIndex(of: ">") else { break }
      let textStart = close + 1
      let textEnd = endOfScriptText(scalars, from: textStart)
      elements.append(
        (
          String(String.UnicodeScalarView(scalars[open...close])),
          String(String.UnicodeScalarView(scalars[textStart..<textEnd]))
        ))
      index = textEnd + 1
    }
    return elements
  }

  private static func endOfScriptText(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    enum State { case data, escaped, doubleEscaped }
    var state = State.data
    var index = start
    func at(_ text: String) -> Bool { matches(text, scalars, index) }
    while index < scalars.count {
      switch state {
      case .data:
        if at("<!--") {
          state = .escaped
          index += 4
          continue
        }
        if at("</script"), isTagEnd(scalars, index + 8) { return index }
      case .escaped:
        if at("-->") {
          state = .data
          index += 3
          continue
        }
        if at("</script"), isTagEnd(scalars, index + 8) { return index }
        if at("<script"), isTagEnd(scalars, index + 7) {
          state = .doubleEscaped
          index += 7
          continue
        }
      case .doubleEscaped:
        if at("-->") {
          state = .data
          index += 3
          continue
        }
        if at("</script"), isTagEnd(scalars, index + 8) {
          state = .escaped
          index += 8
          continue
        }
      }
      index += 1
    }
    return scalars.count
  }

  private static func find(_ text: String, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
    (start..<max(start, scalars.count)).first { matches(text, scalars, $0) }
  }

  /// ASCII case-insensitive, as tag names are.
  private static func matches(_ text: String, _ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
    let needle = Array(text.unicodeScalars)
    guard index + needle.count <= scalars.count else { return false }
    return zip(needle, scalars[index...]).allSatisfy { String($0).lowercased() == String($1).lowercased() }
  }

  /// A tag name ends at white space, `/` or `>`.
  private static func isTagEnd(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
    index < scalars.count && ["\t", "\n", "\u{C}", " ", "/", ">"].contains(scalars[index])
  }
}

/// Escaping the page's data and filling its text take time in proportion to the text (issue 23,
/// case 5): each escape appended to a copy of the text so far.
@Suite struct AuditPageTimeTests {
  @Test func escapingManyMarkersIsOnePass() {
    let ratio = LinearTime.ratio(n: 20_000, prepare: { String(repeating: "<&>", count: $0) }) { text in
      #expect(AuditPage.scriptSafe(text).utf8.count == 18 * text.utf8.count / 3)
      #expect(text.replacingEvery("&", with: "&amp;").utf8.count == text.utf8.count + 4 * text.utf8.count / 3)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the markers")
  }
}
