/// The files of layers several merges share, rendered once: a target's merged table holds most
/// of its base table's entries unchanged, and copies their text from here, and a table no layer
/// above changes is its base file's rendering whole.
///
/// Files are found by path, which is sound only while they stay as they were read: ``SharedLayers``
/// owns one, over layers that are read once and never change.
final class SharedRenderings: Sendable {
  private let files: [String: ParsedFile]
  private let renderings = SharedMemo<SharedRendering>()
  /// Whole files of other kinds than `.strings`.
  private let wholeFiles = SharedMemo<[UInt8]>()

  /// A shared `.strings` file's rendering: its bytes, where pieces of them are written from, and
  /// where each entry's text starts in them. The rendering's array is not kept beside the
  /// buffer: it was a second copy of every shared file for the whole run.
  struct SharedRendering: Sendable {
    var buffer: ByteBuffer
    var starts: [Int]

    /// The offset just past an entry's text, its final line break included.
    func end(ofEntry index: Int) -> Int {
      index + 1 < starts.count ? starts[index + 1] - 1 : buffer.count
    }
  }

  /// - Parameter files: The shared files.
  init(_ files: [ParsedFile]) {
    var byPath: [String: ParsedFile] = [:]
    for file in files { byPath[file.path] = file }
    self.files = byPath
  }

  /// The rendering of the shared `.strings` file at `path`, or `nil` if it is not one.
  func rendering(ofFileAt path: String) -> SharedRendering? {
    guard let file = files[path], file.kind == .strings else { return nil }
    return renderings.value(path) {
      let rendering = StringsFileWriter.rendering(of: file.table)
      return SharedRendering(buffer: ByteBuffer(rendering.bytes), starts: rendering.starts)
    }
  }

  /// The file of a merged table whose lowest file is shared: that file's rendering when no layer
  /// above changes it, else, for a `.strings` table, the entries it keeps from that file as
  /// pieces of its rendering. `nil` when neither applies.
  func contents(for table: MergedTable) -> OutputBytes? {
    guard let path = table.sources.first, let file = files[path], let replaced = table.replacedPositions,
      file.kind == table.address.kind
    else { return nil }
    let unchanged = replaced.isEmpty && table.count == table.lowestCount
    guard file.kind == .strings else {
      guard unchanged else { return nil }
      return OutputBytes(wholeFiles.value(path) { LocalizationFileWriter.data(for: file.table, as: file.kind) })
    }
    guard let base = rendering(ofFileAt: path) else { return nil }
    if unchanged { return OutputBytes(pieces: [OutputBytes.Piece(buffer: base.buffer, range: 0..<base.buffer.count)]) }
    return StringsFileWriter.contents(
      count: table.count, entry: table.entry(at:), reusing: base, rewriting: replaced)
  }
}
