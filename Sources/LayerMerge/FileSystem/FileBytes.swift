#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files straight into byte arrays.
///
/// `FileManager.contents(atPath:)` returns `Data`, and turning that into `[UInt8]` copied every
/// input once more; a merge reads a few megabytes, and each copy is fresh memory to fault in.
package enum FileBytes {
  /// The file's bytes, or `nil` if it cannot be opened or read.
  package static func read(_ path: String) -> [UInt8]? {
    readWithFingerprint(path)?.bytes
  }

  /// The file's bytes and its fingerprint taken from the descriptor that read them, or `nil` if it
  /// cannot be opened or read.
  static func readWithFingerprint(_ path: String) -> (bytes: [UInt8], fingerprint: FileFingerprint)? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    let expected = max(0, Int(status.st_size))
    var failed = false
    var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
      initialized = 0
      while initialized < expected, let base = buffer.baseAddress {
        let result = systemRead(descriptor, base + initialized, expected - initialized)
        if result < 0 && errno == EINTR { continue }
        if result < 0 { failed = true }
        if result <= 0 { break }
        initialized += result
      }
    }
    // A file that grew since `fstat` (or a special file without a size) is read on in chunks.
    let complete = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16384) { chunk -> Bool in
      while !failed, let base = chunk.baseAddress {
        let result = systemRead(descriptor, base, chunk.count)
        if result < 0 && errno == EINTR { continue }
        if result < 0 { return false }
        if result == 0 { return true }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<result]))
      }
      return false
    }
    return complete ? (bytes, FileFingerprint(status)) : nil
  }

  /// The size of the file at `path`, or `nil` if there is none.
  static func size(_ path: String) -> Int? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Int(status.st_size)
  }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
  #else
    Darwin.read(descriptor, buffer, count)
  #endif
}
