@testable import LayerMerge

/// libFuzzer target: the XLIFF reader against FoundationXML's `XMLParser` (libxml2). On every
/// input both readings (`XLIFFOracle`, shared with `XLIFFOracleTests`) must agree: the same
/// files and units, the same refusals of well-formed XML that is not XLIFF locmerge reads, and
/// the same verdict on which documents are malformed — except where docs/xliff.md says locmerge
/// is stricter (a DOCTYPE, another declared encoding, UTF-16 cut mid-character). What the reader
/// reads, the writer writes back as a document that reads the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXLIFF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let disagreement = XLIFFOracle.disagreement(bytes) {
    fatalError(
      "XLIFFReader and XMLParser disagree:\n\(disagreement)\ninput: \(String(decoding: bytes, as: UTF8.self).debugDescription)"
    )
  }
  if let document = try? XLIFFReader.read(bytes, path: "fuzz.xliff") {
    let rendering = XLIFFWriter.render(document)
    guard let again = try? XLIFFReader.read(rendering.bytes, path: "again.xliff") else {
      fatalError(
        "what the writer wrote does not read: \(String(decoding: rendering.bytes, as: UTF8.self).debugDescription)")
    }
    // Read values can hold no character XML forbids, so nothing is left out and all reads back.
    guard rendering.problems.isEmpty, again.files.map(\.units.count) == document.files.map(\.units.count),
      zip(again.files, document.files).allSatisfy({ pair in
        zip(pair.0.units, pair.1.units).allSatisfy {
          ($0.id, $0.source, $0.target, $0.targetState, $0.note, $0.resname)
            == ($1.id, $1.source, $1.target, $1.targetState, $1.note, $1.resname)
        }
      })
    else {
      fatalError(
        "a document read, written and read again changed: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
  }
  return 0
}
