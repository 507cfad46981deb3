@testable import LayerMerge

/// libFuzzer target: the String Catalog reader. On every input the direct reader
/// (`StringCatalogDirectReader`) and the tree reader (`StringCatalogReader.parseThroughTree`)
/// read the same bytes: a catalog the direct reader returns must be the tree reader's, positions
/// included, for a file the tree reader has nothing to say about, and `StringCatalogReader.parse`
/// must answer as the tree reader does. `JSONReader`, under the tree reader, must accept what
/// `JSONSerialization` accepts, with the same values, and reject what it rejects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  CatalogAgreement.check(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}

enum CatalogAgreement {
  static func check(_ bytes: [UInt8]) {
    let tree = StringCatalogReader.parseThroughTree(bytes, path: "fuzz.xcstrings")
    let direct = StringCatalogDirectReader.catalog(from: bytes)
    let treeText = CatalogModelText.everything(tree.catalog)
    if let direct {
      // The direct reader returns only what needs no diagnostic: anything the tree reader reports
      // (a warning included) would be hidden from `parse`'s callers.
      expect(tree.diagnostics.isEmpty, "the direct reader read a file the tree reader reports on", bytes, tree)
      expect(
        CatalogModelText.everything(direct) == treeText,
        "the readers' models differ:\ndirect: \(CatalogModelText.everything(direct))\ntree:   \(treeText)", bytes, tree)
    }
    // `parse` promises the tree reader's answer, whichever path it took.
    let parsed = StringCatalogReader.parse(bytes, path: "fuzz.xcstrings")
    expect(parsed.diagnostics == tree.diagnostics, "parse's diagnostics are not the tree reader's", bytes, tree)
    expect(
      CatalogModelText.everything(parsed.catalog) == treeText, "parse's model is not the tree reader's", bytes, tree)

    // JSONReader's documented contract: JSONSerialization's verdict and values.
    let ours = JSONOracle.ours(bytes)
    if JSONOracle.isDocumentedDifference(bytes) {
      expect(ours == nil && direct == nil, "JSONReader read a documented refusal", bytes, tree)
      return
    }
    let foundation = JSONOracle.foundation(bytes)
    expect(
      ours == foundation,
      "JSONReader and JSONSerialization disagree: ours \(String(describing: ours)), "
        + "Foundation's \(String(describing: foundation))", bytes, tree)
    if foundation == nil {
      expect(direct == nil, "the direct reader read JSON Foundation rejects", bytes, tree)
      expect(
        tree.catalog == nil && tree.diagnostics.map(\.code) == [.syntax],
        "JSON Foundation rejects is not a syntax error",
        bytes, tree)
    }
  }

  private static func expect(
    _ condition: Bool, _ message: @autoclosure () -> String, _ bytes: [UInt8], _ tree: ParsedCatalog
  ) {
    guard !condition else { return }
    let hex = bytes.prefix(1024).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    fatalError("catalog disagreement: \(message())\ntree reader's diagnostics: \(tree.diagnostics)\ninput: \(hex)")
  }
}
