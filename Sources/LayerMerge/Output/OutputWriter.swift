#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Carries out an ``OutputPlan`` on a destination that is open and locked: compare, prepare every
/// new file, then rename, remove what is stale, record, stamp.
struct OutputWriter {
  /// A new output written to a temporary file, waiting to be renamed into place.
  private struct Pending {
    var relativePath: String
    var temporary: String
    var folder: Int32
  }

  /// Where an output goes, looked up before anything is compared or written: its folder's
  /// descriptor if the folder exists, and the size of the file standing there, if a plain one.
  private struct Place: Sendable {
    var folder: Int32?
    var existingSize: Int?
  }

  /// What became of one output once compared and, if it differs, written to its temporary file.
  private enum Prepared: Sendable {
    case unchanged
    /// Written to the temporary file of that name.
    case written(temporary: String)
    /// Writing the temporary file failed with this `errno`.
    case failed(Int32)
  }

  /// A stale output checked for removal.
  private struct Removal {
    var relativePath: String
    var folder: Int32
  }

  let folder: DestinationFolder
  let state: BookkeepingFolder
  /// The state folder's descriptor.
  private var bookkeeping: Int32 { state.descriptor }
  private var diagnostics: [Diagnostic] = []
  private var writableFolders: Set<String> = []
  /// Stale outputs left in place: they stay in the record, so that a later run removes them once
  /// what stood in the way is gone.
  private var kept: [String] = []
  private var bookkeepingDevice: dev_t = 0

  init(folder: DestinationFolder, state: BookkeepingFolder) {
    self.folder = folder
    self.state = state
  }

  /// Writes the outputs (sorted by path, each once) and the companions, and leaves the stamp.
  mutating func apply(_ outputs: [OutputFile], companions: [CompanionFile], stamp: BuildStamp?) throws(OutputError)
    -> OutputReport
  {
    removeTemporaries()
    var status = stat()
    if fstat(bookkeeping, &status) == 0 { bookkeepingDevice = status.st_dev }
    let (previous, recordOnDisk, legacy) = readRecord()

    // Compare, and write what differs to temporary files: each output rendered (if it still is
    // to be), compared and written in one step, outputs on every core.
    let places = try outputs.map { output throws(OutputError) in try place(of: output) }
    let bookkeeping = self.bookkeeping
    let prepared = Array(zip(outputs, places).enumerated()).concurrentMap { index, item in
      Self.compareAndWrite(item.0, at: item.1, temporary: "pending-\(index).tmp", bookkeeping: bookkeeping)
    }
    var unchanged: [String] = []
    var changed: [(output: OutputFile, prepared: Prepared)] = []
    for (output, outcome) in zip(outputs, prepared) {
      if case .unchanged = outcome { unchanged.append(output.relativePath) } else { changed.append((output, outcome)) }
    }
    let produced = Set(outputs.map(\.relativePath))
    let stale = previous.entries.filter { !produced.contains($0) }

    // Prepare: every folder checked, every new file complete in a temporary file.
    var pending: [Pending] = []
    var companionsPending: [AtomicFile.Pending] = []
    var removals: [Removal] = []
    do throws(OutputError) {
      for (index, item) in changed.enumerated() {
        do throws(OutputError) {
          pending.append(try settle(item.output, item.prepared))
        } catch {
          // The files not settled yet were written too.
          for rest in changed[(index + 1)...] {
            if case .written(let temporary) = rest.prepared { unlinkat(bookkeeping, temporary, 0) }
          }
          throw error
        }
      }
      removals = try checkRemovals(stale)
      for companion in companions {
        if let prepared = try AtomicFile.prepare(companion.bytes, for: companion.path) {
          companionsPending.append(prepared)
        }
      }
    } catch {
      for file in pending { unlinkat(bookkeeping, file.temporary, 0) }
      companionsPending.forEach { $0.discard() }
      removeCreatedFolders()
      throw error
    }

    // Commit.
    var onDisk = recordOnDisk
    let changesOutputs = !pending.isEmpty || !removals.isEmpty || !companionsPending.isEmpty
    if changesOutputs {
      // From here on a kill leaves no stamp: the next run does the work in full.
      unlinkat(bookkeeping, BuildStamp.fileName, 0)
      // Record what is about to appear before it appears, so that nothing is ever unaccounted for.
      let union = OutputRecord(previous.entries + produced)
      do {
        if union.bytes != onDisk { onDisk = try writeBookkeeping(union.bytes, named: OutputRecord.fileName) }
      } catch {
        // Nothing has moved yet: the new files go, and the outputs stay as they were.
        for file in pending { unlinkat(bookkeeping, file.temporary, 0) }
        companionsPending.forEach { $0.discard() }
        removeCreatedFolders()
        throw error
      }
    }
    for (index, file) in pending.enumerated() {
      guard renameat(bookkeeping, file.temporary, file.folder, OutputPath.name(of: file.relativePath)) == 0 else {
        let code = errno
        for rest in pending[index...] { unlinkat(bookkeeping, rest.temporary, 0) }
        companionsPending.forEach { $0.discard() }
        throw .system(
          code, path: folder.display(file.relativePath),
          folder: folder.display(OutputPath.folder(of: file.relativePath)), action: "move the new file into place")
      }
    }
    for (index, companion) in companionsPending.enumerated() {
      do {
        try companion.commit()
      } catch {
        companionsPending[(index + 1)...].forEach { $0.discard() }
        throw error
      }
    }
    let removed = remove(removals, outputs: produced)
    let final = OutputRecord(produced.union(kept))
    if final.bytes != onDisk { _ = try writeBookkeeping(final.bytes, named: OutputRecord.fileName) }
    if legacy, case .found(let top) = folder.lookUp("") {
      // The bookkeeping files of versions before `.locmerge/`, now replaced.
      for name in [OutputRecord.legacyName, OutputRecord.legacyStampName] {
        if case .file = folder.entry(name, in: top) { unlinkat(top, name, 0) }
      }
    }

    var written = stamp
    if var stamp = written {
      var fingerprints: [String: FileFingerprint] = [:]
      for path in produced.sorted() { fingerprints[path] = folder.fingerprint(of: path) }
      fingerprints[BuildStamp.recordKey] = state.fingerprint(of: OutputRecord.fileName)
      stamp.outputs = fingerprints
      stamp.companions = Dictionary(
        companions.compactMap { companion in FileFingerprint(path: companion.path).map { (companion.path, $0) } },
        uniquingKeysWith: { $1 })
      _ = try writeBookkeeping(stamp.json.serializedBytes(indent: 2) + Array("\n".utf8), named: BuildStamp.fileName)
      written = stamp
    }
    return OutputReport(
      written: pending.map(\.relativePath), unchanged: unchanged, removed: removed,
      companionsWritten: companionsPending.map(\.path), diagnostics: diagnostics, stamp: written)
  }

  // MARK: - Private

  /// Removes the temporary files of earlier runs (only this run writes the folder now): those with
  /// the names this writer gives them, nothing else a state folder may hold.
  private func removeTemporaries() {
    for name in state.names() where Self.isTemporaryName(name) { unlinkat(bookkeeping, name, 0) }
  }

  /// The record of the last run (or of a version that kept it at the top of the destination), its
  /// bytes as they are on disk, and whether it came from the old place.
  private mutating func readRecord() -> (OutputRecord, [UInt8]?, Bool) {
    if let bytes = folder.contents(of: OutputRecord.fileName, in: bookkeeping) {
      let (record, warnings) = OutputRecord.parse(bytes, path: state.display(OutputRecord.fileName))
      diagnostics += warnings
      return (record, warnings.isEmpty ? bytes : nil, false)
    }
    // The versions before `.locmerge/` kept the record at the top of the destination.
    guard state.isInDestination, case .found(let top) = folder.lookUp(""),
      let bytes = folder.contents(of: OutputRecord.legacyName, in: top)
    else { return (OutputRecord([]), nil, false) }
    let (record, warnings) = OutputRecord.parse(bytes, path: folder.display(OutputRecord.legacyName))
    diagnostics += warnings
    return (record, nil, true)
  }

  /// Where an output goes, without creating anything. A folder where the output goes is an
  /// error; a link or anything else there is simply replaced.
  private func place(of output: OutputFile) throws(OutputError) -> Place {
    let parent: Int32
    switch folder.lookUp(OutputPath.folder(of: output.relativePath)) {
    case .found(let descriptor): parent = descriptor
    case .missing: return Place(folder: nil, existingSize: nil)
    case .blocked(let error): throw error
    }
    switch folder.entry(OutputPath.name(of: output.relativePath), in: parent) {
    case .file(let status): return Place(folder: parent, existingSize: Int(status.st_size))
    case .folder: throw .folderInTheWay(path: folder.display(output.relativePath))
    case .missing, .link, .other: return Place(folder: parent, existingSize: nil)
    }
  }

  /// Renders an output if it still is to be, compares it with the plain file at its place, and
  /// writes it to a temporary file in the bookkeeping folder if it differs. Runs on any thread:
  /// it reads and writes only through the descriptors it is given.
  private static func compareAndWrite(_ output: OutputFile, at place: Place, temporary: String, bookkeeping: Int32)
    -> Prepared
  {
    let contents = output.contents.rendered
    if let parent = place.folder, place.existingSize == contents.count,
      let existing = DestinationFolder.contents(of: OutputPath.name(of: output.relativePath), in: parent),
      existing.withUnsafeBufferPointer({ contents.isEqual(to: $0) })
    {
      return .unchanged
    }
    let descriptor = openat(bookkeeping, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { return .failed(errno) }
    let failure = SystemFile.writeAllAndClose(descriptor, contents)
    guard failure == 0 else {
      unlinkat(bookkeeping, temporary, 0)
      return .failed(failure)
    }
    return .written(temporary: temporary)
  }

  /// Creates a changed output's folders and checks that it can be renamed into place; its bytes
  /// are in a temporary file in the bookkeeping folder already (or failed to be written there).
  private mutating func settle(_ output: OutputFile, _ prepared: Prepared) throws(OutputError) -> Pending {
    let folderPath = OutputPath.folder(of: output.relativePath)
    let path = folder.display(output.relativePath)
    let parent: Int32
    do throws(OutputError) {
      parent = try folder.folder(creating: folderPath)
      try checkWritable(parent, folderPath)
      // A folder this run created holds no other folder (files reach it only when renamed, later).
      if !folder.wasCreated(folderPath),
        case .folder = folder.entry(OutputPath.name(of: output.relativePath), in: parent)
      {
        throw OutputError.folderInTheWay(path: path)
      }
    } catch {
      if case .written(let temporary) = prepared { unlinkat(bookkeeping, temporary, 0) }
      throw error
    }
    switch prepared {
    case .written(let temporary):
      return Pending(relativePath: output.relativePath, temporary: temporary, folder: parent)
    case .failed(let code):
      throw .system(code, path: path, folder: state.path, action: "write the file")
    case .unchanged:
      preconditionFailure("an unchanged output is not settled")
    }
  }

  /// Whether files can be created, replaced and removed in a folder, checked before anything is
  /// renamed so that a read-only folder changes no output. Also refuses a folder on another file
  /// system than the bookkeeping folder, where the rename would fail.
  private mutating func checkWritable(_ descriptor: Int32, _ relative: String) throws(OutputError) {
    guard !writableFolders.contains(relative) else { return }
    let path = folder.display(relative)
    guard faccessat(descriptor, ".", W_OK | X_OK, AT_EACCESS) == 0 else {
      throw .system(errno, path: path, folder: path, action: "write in the folder")
    }
    var status = stat()
    if fstat(descriptor, &status) == 0 && status.st_dev != bookkeepingDevice {
      let place = state.isInDestination ? "the destination" : "the state folder \(state.path)"
      throw .failed(path: path, action: "write in a folder on another file system than \(place)", code: EXDEV)
    }
    writableFolders.insert(relative)
  }

  /// The stale outputs that can be removed. Those behind a link, or where no plain file stands,
  /// are kept with a warning; those already gone need nothing.
  private mutating func checkRemovals(_ stale: [String]) throws(OutputError) -> [Removal] {
    var removals: [Removal] = []
    for relative in stale {
      let message = "stale output not removed: \(folder.display(relative))"
      switch folder.lookUp(OutputPath.folder(of: relative)) {
      case .missing: continue
      case .blocked(let error):
        kept.append(relative)
        diagnostics.append(Diagnostic(.warning, .staleOutputKept, "\(message) (\(error.message))"))
      case .found(let parent):
        switch folder.entry(OutputPath.name(of: relative), in: parent) {
        case .missing: continue
        case .file:
          try checkWritable(parent, OutputPath.folder(of: relative))
          removals.append(Removal(relativePath: relative, folder: parent))
        case .link, .folder, .other:
          kept.append(relative)
          diagnostics.append(
            Diagnostic(
              .warning, .staleOutputKept, "\(message) (not a plain file: locmerge did not write what stands there)"))
        }
      }
    }
    return removals
  }

  /// Removes stale outputs, then the folders they leave empty, deepest first: each folder is
  /// tried once, so the work is linear in the number of outputs.
  private mutating func remove(_ removals: [Removal], outputs: Set<String>) -> [String] {
    // On a case-insensitive file system `en.lproj/a.strings` may be the output just written as
    // `en.lproj/A.strings`: such a stale entry is the same file and must not be removed.
    var spellings: [String: [String]] = [:]
    if !removals.isEmpty {
      for output in outputs { spellings[output.lowercased(), default: []].append(output) }
    }
    var removed: [String] = []
    var byDepth: [[String]] = []
    var seen: Set<String> = []
    func consider(_ relative: String) {
      guard !relative.isEmpty, seen.insert(relative).inserted else { return }
      let depth = relative.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
      while byDepth.count <= depth { byDepth.append([]) }
      byDepth[depth].append(relative)
    }
    for removal in removals {
      let twins = spellings[removal.relativePath.lowercased()] ?? []
      if let identity = folder.fingerprint(of: removal.relativePath),
        twins.contains(where: { twin in
          guard let other = folder.fingerprint(of: twin) else { return false }
          return other.inode == identity.inode && other.device == identity.device
        })
      {
        continue
      }
      if unlinkat(removal.folder, OutputPath.name(of: removal.relativePath), 0) == 0 {
        removed.append(removal.relativePath)
      } else if errno != ENOENT {
        kept.append(removal.relativePath)
        diagnostics.append(
          Diagnostic(
            .warning, .staleOutputKept,
            "stale output not removed: \(folder.display(removal.relativePath)) (\(PathText.systemErrorDescription()))"))
        continue
      }
      consider(OutputPath.folder(of: removal.relativePath))
    }
    for depth in byDepth.indices.reversed() {
      for relative in byDepth[depth] {
        guard case .found(let parent) = folder.lookUp(OutputPath.folder(of: relative)),
          unlinkat(parent, OutputPath.name(of: relative), AT_REMOVEDIR) == 0
        else { continue }
        folder.forget(relative)
        consider(OutputPath.folder(of: relative))
      }
    }
    return removed
  }

  /// Whether a name in the state folder is one of this writer's temporary files:
  /// `pending-<n>.tmp` for a new output, `<record or stamp>.tmp` for bookkeeping.
  static func isTemporaryName(_ name: String) -> Bool {
    if name == OutputRecord.fileName + ".tmp" || name == BuildStamp.fileName + ".tmp" { return true }
    guard name.hasPrefix("pending-"), name.hasSuffix(".tmp") else { return false }
    let number = name.dropFirst("pending-".count).dropLast(".tmp".count)
    return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Removes the folders this run created, after a failure while preparing.
  private func removeCreatedFolders() {
    for relative in folder.createdFolders.reversed() {
      guard case .found(let parent) = folder.lookUp(OutputPath.folder(of: relative)) else { continue }
      folder.forget(relative)
      unlinkat(parent, OutputPath.name(of: relative), AT_REMOVEDIR)
    }
  }

  /// Replaces a file of the bookkeeping folder through a temporary file.
  /// - Returns: The bytes now on disk.
  private func writeBookkeeping(_ bytes: [UInt8], named name: String) throws(OutputError) -> [UInt8] {
    let path = state.display(name)
    let folderPath = state.path
    let temporary = name + ".tmp"
    let descriptor = openat(bookkeeping, temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw .system(errno, path: path, folder: folderPath, action: "write the file") }
    let failure = SystemFile.writeAllAndClose(descriptor, bytes)
    guard failure == 0, renameat(bookkeeping, temporary, bookkeeping, name) == 0 else {
      let code = failure != 0 ? failure : errno
      unlinkat(bookkeeping, temporary, 0)
      throw .system(code, path: path, folder: folderPath, action: "write the file")
    }
    return bytes
  }
}
