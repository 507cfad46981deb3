#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads and writes on descriptors, retrying where POSIX allows a partial result.
enum SystemFile {
  /// `open(2)` without a mode.
  static func open(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, flags)
    #else
      Darwin.open(path, flags)
    #endif
  }

  /// `open(2)` with a mode for a new file.
  static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, flags, mode)
    #else
      Darwin.open(path, flags, mode)
    #endif
  }

  /// Writes every byte; returns 0, or the `errno` of the failed `write` or `close` (the
  /// descriptor is closed either way: some file systems report a full disk only on `close`).
  static func writeAllAndClose(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
    var failure: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let count = systemWrite(descriptor, base + offset, buffer.count - offset)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 {
          failure = count < 0 ? errno : EIO
          return
        }
        offset += count
      }
    }
    if close(descriptor) != 0 && failure == 0 && errno != EINTR { failure = errno }
    return failure
  }

  /// Every byte up to the end of the file, or `nil` on a read error.
  /// - Parameters:
  ///   - descriptor: An open file.
  ///   - expectedSize: Its size from `fstat`, to read it in one go.
  static func readAll(_ descriptor: Int32, expectedSize: Int) -> [UInt8]? {
    let expected = max(0, expectedSize)
    var failed = false
    var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
      initialized = 0
      while initialized < expected, let base = buffer.baseAddress {
        let count = systemRead(descriptor, base + initialized, expected - initialized)
        if count < 0 && errno == EINTR { continue }
        if count < 0 { failed = true }
        if count <= 0 { break }
        initialized += count
      }
    }
    // A file that grew since `fstat` is read on in chunks.
    let complete = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16384) { chunk -> Bool in
      while !failed, let base = chunk.baseAddress {
        let count = systemRead(descriptor, base, chunk.count)
        if count < 0 && errno == EINTR { continue }
        if count < 0 { return false }
        if count == 0 { return true }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<count]))
      }
      return false
    }
    return complete ? bytes : nil
  }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
  #else
    Darwin.write(descriptor, buffer, count)
  #endif
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
  #else
    Darwin.read(descriptor, buffer, count)
  #endif
}
