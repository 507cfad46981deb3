/// The provenance records of layers' tables as a merge starts from them, made once for every
/// merge of a ``SharedLayers``: each of a project's targets starts from its base's tables, and
/// making a record for each of their thousands of keys again per target was most of merging.
///
/// Files are told apart by path, which is sound only while they stay as they were read: the
/// layers of a ``SharedLayers`` are read once and never change.
final class SharedProvenance: Sendable {
  private let records = SharedMemo<[KeyProvenance]>()

  /// The records of a file's entries as the lowest source of a merged table, made by `make` the
  /// first time.
  func records(of file: ParsedFile, layerIndex: Int, layer: String, _ make: () -> [KeyProvenance])
    -> [KeyProvenance]
  {
    records.value("\(layerIndex)\u{0}\(layer)\u{0}\(file.path)", make)
  }
}
