#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TranslationImport {
  /// Writes every change, as close to all at once as single files allow: each new file is
  /// written beside its path first (a `<lang>.lproj` folder the import adds is created), and
  /// only when all are ready are they renamed into place, each rename atomic. A file that changed
  /// on disk since the plan read it stops the import before anything is replaced. A killed run
  /// leaves every table either as it was or as the import makes it, never half written.
  /// - Returns: The paths written, in order.
  /// - Throws: ``OutputError`` when a file cannot be written; no file has been replaced then.
  @discardableResult
  public func write() throws(OutputError) -> [String] {
    var pending: [AtomicFile.Pending] = []
    func discardAll() { for file in pending { file.discard() } }
    for change in changes {
      do {
        if change.original == nil { try FolderPath.create(PathText.parent(change.path)) }
        if let file = try AtomicFile.prepare(change.bytes, for: change.path) { pending.append(file) }
      } catch {
        discardAll()
        throw error
      }
    }
    // Another run (an editor, a second import) may have changed a table since it was read.
    for change in changes where FileBytes.read(change.path) != change.original {
      discardAll()
      throw .failed(
        path: change.path, action: "import: the file changed since it was read; run the import again", code: EAGAIN)
    }
    for (index, file) in pending.enumerated() {
      do {
        try file.commit()
      } catch {
        for later in pending[(index + 1)...] { later.discard() }
        throw error
      }
    }
    return pending.map(\.path)
  }

  /// The unified diff of every change, `--- a/PATH` / `+++ b/PATH` with paths relative to
  /// `root` (a new file from `/dev/null`), text in UTF-8 whatever the file's encoding.
  /// - Parameter root: The folder paths are shown relative to.
  package func diff(relativeTo root: String) -> String {
    changes.map { change in
      let label = TranslationExport.original(change.path, root: root)
      let old = change.original.map(Self.text) ?? []
      let new = Self.text(change.bytes)
      let text = UnifiedDiff.text(old: old, splices: UnifiedDiff.lineSplices(from: old, to: new), label: label)
      // A new file comes from nowhere, as `diff -u /dev/null FILE` shows it.
      let header = "--- a/\(label)\n"
      guard change.original == nil, text.hasPrefix(header) else { return text }
      return "--- /dev/null\n" + text.dropFirst(header.count)
    }.joined()
  }

  /// A file's text as UTF-8 bytes (a UTF-16 table decoded), for a diff a terminal shows.
  private static func text(_ bytes: [UInt8]) -> [UInt8] {
    (try? DecodedText.decode(bytes))?.utf8 ?? bytes
  }
}
