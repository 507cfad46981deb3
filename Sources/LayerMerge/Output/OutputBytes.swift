#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The contents of an output file: one array, pieces of buffers that other files share, or a
/// rendering still to be made. A target's table is mostly runs of its base file's rendering, and
/// is written straight from that rendering (`writev`) instead of being copied into a buffer of its
/// own first. A rendering made when the file is written (``OutputWriter`` renders, compares and
/// writes each file in one step, files on every core) is held no longer than that step: a merge's
/// outputs are not all in memory at once.
struct OutputBytes: Sendable {
  /// A run of bytes of a shared buffer.
  struct Piece: Sendable {
    var buffer: ByteBuffer
    var range: Range<Int>
  }

  private enum Storage: Sendable {
    case array([UInt8])
    case pieces([Piece], count: Int)
    case deferred(@Sendable () -> [UInt8])
  }

  private var storage: Storage

  /// Bytes held in one array.
  init(_ bytes: [UInt8]) {
    storage = .array(bytes)
  }

  /// Bytes held as pieces, in order.
  init(pieces: [Piece]) {
    storage = .pieces(pieces, count: pieces.reduce(0) { $0 + $1.range.count })
  }

  /// Bytes made by `render` when they are needed, each time (see ``rendered``).
  init(rendering render: @escaping @Sendable () -> [UInt8]) {
    storage = .deferred(render)
  }

  /// The same bytes, rendered if they were still to be: what to compare and write from.
  var rendered: OutputBytes {
    guard case .deferred(let render) = storage else { return self }
    return OutputBytes(render())
  }

  /// The number of bytes.
  var count: Int {
    switch storage {
    case .array(let bytes): return bytes.count
    case .pieces(_, let count): return count
    case .deferred(let render): return render().count
    }
  }

  /// The bytes in one array (the array itself when there are no pieces).
  var joined: [UInt8] {
    switch storage {
    case .array(let bytes): return bytes
    case .deferred(let render): return render()
    case .pieces(let pieces, let count):
      var bytes: [UInt8] = []
      bytes.reserveCapacity(count)
      for piece in pieces {
        bytes.append(
          contentsOf: UnsafeBufferPointer(start: piece.buffer.start + piece.range.lowerBound, count: piece.range.count))
      }
      return bytes
    }
  }

  /// Calls `body` with each run of the bytes, in order; stops at the first `false`.
  /// - Returns: Whether every call returned `true`.
  func allRuns(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    switch storage {
    case .array(let bytes):
      return bytes.withUnsafeBufferPointer(body)
    case .deferred(let render):
      return render().withUnsafeBufferPointer(body)
    case .pieces(let pieces, _):
      return withExtendedLifetime(pieces) {
        pieces.allSatisfy { piece in
          body(UnsafeBufferPointer(start: piece.buffer.start + piece.range.lowerBound, count: piece.range.count))
        }
      }
    }
  }

  /// Whether `other` holds the same bytes.
  func isEqual(to other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard other.count == count else { return false }
    var offset = 0
    return allRuns { run in
      defer { offset += run.count }
      return bytesEqual(run, UnsafeBufferPointer(rebasing: other[offset..<(offset + run.count)]))
    }
  }

  /// Writes every byte to `descriptor`; returns 0, or the `errno` of the failed write.
  func write(to descriptor: Int32) -> Int32 {
    var runs: [iovec] = []
    _ = allRuns { run in
      if let base = run.baseAddress, !run.isEmpty {
        runs.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: run.count))
      }
      return true
    }
    return withExtendedLifetime(self) {
      runs.withUnsafeMutableBufferPointer { runs -> Int32 in
        var first = 0
        while first < runs.count, let vectors = runs.baseAddress {
          let written = writev(descriptor, vectors + first, Int32(min(runs.count - first, 1024)))
          if written < 0 && errno == EINTR { continue }
          if written <= 0 { return written < 0 ? errno : EIO }
          // Skip what was written; a partial write leaves the rest of a run for the next call.
          var left = written
          while first < runs.count, left >= runs[first].iov_len {
            left -= runs[first].iov_len
            first += 1
          }
          if left > 0 {
            runs[first].iov_base = runs[first].iov_base.map { $0 + left }
            runs[first].iov_len -= left
          }
        }
        return 0
      }
    }
  }
}

/// Bytes at a fixed address for as long as the buffer lives: pieces of it are written with
/// `writev` by pointer. Never written after it is made, so any thread may read it.
final class ByteBuffer: @unchecked Sendable {
  /// The first byte.
  let start: UnsafeMutablePointer<UInt8>
  /// The number of bytes.
  let count: Int

  init(_ bytes: [UInt8]) {
    count = bytes.count
    start = .allocate(capacity: max(1, bytes.count))
    bytes.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { start.initialize(from: base, count: source.count) }
    }
  }

  deinit {
    start.deallocate()
  }
}
