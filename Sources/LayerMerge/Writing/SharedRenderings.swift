/// The `.strings` files of layers several merges share, rendered once: a target's merged table
/// holds most of its base table's entries unchanged, and copies their text from here.
///
/// Files are found by path, which is sound only while they stay as they were read: ``SharedLayers``
/// owns one, over layers that are read once and never change.
final class SharedRenderings: Sendable {
  private let files: [String: ParsedFile]
  private let renderings = SharedMemo<StringsRendering>()

  /// - Parameter files: The shared files, by path (only `.strings` files are rendered).
  init(_ files: [ParsedFile]) {
    var byPath: [String: ParsedFile] = [:]
    for file in files where file.kind == .strings { byPath[file.path] = file }
    self.files = byPath
  }

  /// The rendering of the shared file at `path`, or `nil` if it is not one.
  func rendering(ofFileAt path: String) -> StringsRendering? {
    guard let file = files[path] else { return nil }
    return renderings.value(path) { StringsFileWriter.rendering(of: file.table) }
  }

  /// The file of a merged `.strings` table, with the entries it keeps unchanged from a shared
  /// base file copied from that file's rendering.
  func data(for table: MergedTable) -> [UInt8]? {
    guard table.address.kind == .strings, table.layerIndexes.first == 0, let path = table.sources.first,
      let base = rendering(ofFileAt: path)
    else { return nil }
    // The base's entries come first, in its order; one that no layer above defines is its own.
    return StringsFileWriter.data(for: table.table, reusing: base) { table.provenance[$0].status == .inherited }
  }
}
