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

  /// ``writeAllAndClose(_:_:)-([UInt8])`` for bytes that may be pieces of shared buffers.
  static func writeAllAndClose(_ descriptor: Int32, _ contents: OutputBytes) -> Int32 {
    var failure = contents.write(to: descriptor)
    if close(descriptor) != 0 && failure == 0 && errno != EINTR { failure = errno }
    return failure
  }

  /// Writes every byte; returns 0, or the `errno` of the failed `write` or `close` (the
  /// descriptor is closed either way: some file systems report a full disk only on `close`).
  static func writeAllAndClose(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
    var failure = writeAll(descriptor, bytes)
    if close(descriptor) != 0 && failure == 0 && errno != EINTR { failure = errno }
    return failure
  }

  /// Writes every byte, leaving the descriptor open; returns 0, or the `errno` of the failed `write`.
  static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
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
    return failure
  }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
  #else
    Darwin.write(descriptor, buffer, count)
  #endif
}
