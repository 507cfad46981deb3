import Foundation
import TestSupport
import Testing

@testable import LayerMerge

/// The diff of an edit whose splices are not known (`import --dry-run` of a table edited in
/// several places): one hunk per place, found in time linear in the file (up to a log).
@Suite struct UnifiedDiffTests {
  static func diff(_ old: String, _ new: String) -> String {
    let (a, b) = (Array(old.utf8), Array(new.utf8))
    return UnifiedDiff.text(old: a, splices: UnifiedDiff.lineSplices(from: a, to: b), label: "de.strings", context: 1)
  }

  /// `"k<i>" = "v<i>";` lines.
  static func table(_ count: Int, changing changed: Set<Int> = [], appending: [String] = []) -> String {
    (0..<count).map { "\"k\($0)\" = \"\(changed.contains($0) ? "new" : "v")\($0)\";\n" }.joined()
      + appending.map { $0 + "\n" }.joined()
  }

  @Test func editsFarApartAreHunksOfTheirOwn() {
    #expect(
      Self.diff(Self.table(20), Self.table(20, changing: [2, 15], appending: ["\"added\" = \"neu\";"])) == """
        --- a/de.strings
        +++ b/de.strings
        @@ -2,3 +2,3 @@
         "k1" = "v1";
        -"k2" = "v2";
        +"k2" = "new2";
         "k3" = "v3";
        @@ -15,3 +15,3 @@
         "k14" = "v14";
        -"k15" = "v15";
        +"k15" = "new15";
         "k16" = "v16";
        @@ -20,1 +20,2 @@
         "k19" = "v19";
        +"added" = "neu";

        """)
  }

  @Test func theSameBytesHaveNoDiffAndANewFileIsAllAdded() {
    #expect(Self.diff(Self.table(5), Self.table(5)).isEmpty)
    #expect(
      Self.diff("", "\"a\" = \"b\";\n") == """
        --- a/de.strings
        +++ b/de.strings
        @@ -0,0 +1,1 @@
        +"a" = "b";

        """)
  }

  @Test func repeatedLinesDoNotMisplaceAChange() {
    let old = "/* x */\n\"a\" = \"1\";\n/* x */\n\"b\" = \"2\";\n"
    let new = "/* x */\n\"a\" = \"1\";\n/* x */\n\"b\" = \"3\";\n"
    let splices = UnifiedDiff.lineSplices(from: Array(old.utf8), to: Array(new.utf8))
    #expect(splices.count == 1)
    var applied = Array(old.utf8)
    for splice in splices.reversed() { applied.replaceSubrange(splice.range, with: splice.text) }
    #expect(applied == Array(new.utf8))
  }

  @Test func timeIsLinearInTheLines() {
    let ratio = LinearTime.ratio(
      n: 1_000,
      prepare: { count in
        (Array(Self.table(count).utf8), Array(Self.table(count, changing: Set(stride(from: 0, to: count, by: 7))).utf8))
      }
    ) { old, new in
      _ = UnifiedDiff.lineSplices(from: old, to: new)
    }
    #expect(ratio < LinearTime.budget, "8× the lines took \(ratio)× as long")
  }
}
