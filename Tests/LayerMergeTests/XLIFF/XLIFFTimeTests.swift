import LayerMerge
import TestSupport
import Testing

/// The reader's time is linear in the file whatever it holds (``LinearTime``: the same work on an
/// input 8 times smaller, in the same test).
@Suite struct XLIFFTimeTests {
  static func units(_ count: Int, value: (Int) -> String = { "Value \($0) &amp; more" }) -> [UInt8] {
    var text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">"
      + "<file original=\"a.strings\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\"><body>\n"
    for index in 0..<count {
      text +=
        "<trans-unit id=\"key.\(index)\" xml:space=\"preserve\"><source>\(value(index))</source>"
        + "<target state=\"translated\">Wert \(index)</target><note>Comment \(index)</note></trans-unit>\n"
    }
    return Array((text + "</body></file></xliff>\n").utf8)
  }

  static func readsOrRefuses(_ bytes: [UInt8]) {
    _ = try? XLIFFReader.read(bytes, path: "t.xliff")
  }

  @Test func manyUnits() {
    let ratio = LinearTime.ratio(n: 1500, prepare: { Self.units($0) }) { bytes in
      #expect((try? XLIFFReader.read(bytes, path: "t.xliff"))?.files[0].units.isEmpty == false)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the units")
  }

  /// Elements nested as deep as the file is long: no recursion, no stack to overflow.
  @Test func deepNesting() {
    let ratio = LinearTime.ratio(
      n: 20_000,
      prepare: { depth in
        Array(
          ("<xliff><file original=\"a\" source-language=\"en\"><body>" + String(repeating: "<group>", count: depth)
            + String(repeating: "</group>", count: depth) + "</body></file></xliff>").utf8)
      }
    ) { bytes in
      #expect((try? XLIFFReader.read(bytes, path: "t.xliff")) != nil)
    }
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the depth")
    let ratioSkipped = LinearTime.ratio(
      n: 20_000,
      prepare: { depth in
        Array(
          ("<xliff xmlns:p=\"urn:x\">" + String(repeating: "<p:x xmlns:q=\"urn:y\">", count: depth)
            + String(repeating: "</p:x>", count: depth) + "</xliff>").utf8)
      }, Self.readsOrRefuses)
    #expect(ratioSkipped < LinearTime.budget, "time grew \(ratioSkipped)× for 8× the depth of skipped elements")
  }

  @Test func hugeAttributesAndManyAttributes() {
    let huge = LinearTime.ratio(
      n: 40_000,
      prepare: { size in
        Array(
          ("<xliff><file original=\"" + String(repeating: "a&amp;&#233;", count: size)
            + "\" source-language=\"en\"/></xliff>").utf8)
      }, Self.readsOrRefuses)
    #expect(huge < LinearTime.budget, "time grew \(huge)× for an attribute 8× longer")
    let many = LinearTime.ratio(
      n: 3000,
      prepare: { count in
        Array(
          ("<xliff " + (0..<count).map { "a\($0)=\"\($0)\" p:b\($0)=\"\"" }.joined(separator: " ")
            + " xmlns:p=\"urn:p\"/>").utf8)
      }, Self.readsOrRefuses)
    #expect(many < LinearTime.budget, "time grew \(many)× for 8× the attributes")
  }

  @Test func manyReferencesAndCDATASections() {
    let ratio = LinearTime.ratio(
      n: 5000,
      prepare: { count in
        Self.units(1) { _ in String(repeating: "&lt;&#x1F600;&#65;<![CDATA[&]]><!--c-->", count: count) }
      }, Self.readsOrRefuses)
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× for 8× the references")
  }

  /// A 10 MB file, read (and the same at 1.25 MB, the budget's baseline).
  @Test func tenMegabytes() {
    let bytesPerThousandUnits = Self.units(1000).count
    let count = 10_000_000 * 1000 / bytesPerThousandUnits / 8 + 100
    let ratio = LinearTime.ratio(n: count, runs: 2, prepare: { Self.units($0) }) { bytes in
      #expect((try? XLIFFReader.read(bytes, path: "t.xliff"))?.files[0].units.count ?? 0 > 0)
    }
    #expect(Self.units(count * 8).count >= 10_000_000)
    #expect(ratio < LinearTime.budget, "time grew \(ratio)× from 1.25 MB to 10 MB")
  }
}
