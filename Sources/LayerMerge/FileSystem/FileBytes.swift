#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole regular files straight into byte arrays.
///
/// `FileManager.contents(atPath:)` returns `Data`, and turning that into `[UInt8]` copied every
/// input once more; a merge reads a few megabytes, and each copy is fresh memory to fault in.
///
/// Only regular files are read, after following symbolic links: the file is opened without
/// blocking (a FIFO with no writer would block `open` forever), then its descriptor says what it
/// is, and a FIFO, device, socket or folder is refused before a byte is read. A file larger than
/// ``maximumSize`` is refused too: no table comes near it, and `/dev/zero`-like inputs cannot
/// exhaust memory.
package enum FileBytes {
  /// The largest file read: 256 MiB, a hundred times the largest table seen in real apps.
  package static let maximumSize = 256 << 20

  /// Why a file was not read, in words that fit after its path.
  package enum Failure: Error, Equatable, CustomStringConvertible {
    /// Nothing at the path.
    case missing
    /// A folder.
    case folder
    /// A FIFO, device or socket; the associated value names it ("a FIFO (named pipe)").
    case notRegular(String)
    /// More than ``FileBytes/maximumSize`` bytes.
    case tooLarge(Int)
    /// Anything else the system reports (permissions, I/O), in its words.
    case system(String)

    package var description: String {
      switch self {
      case .missing: return "no such file"
      case .folder: return "is a folder, not a file; give the .strings or .stringsdict files inside it"
      case .notRegular(let kind): return "is \(kind), not a regular file"
      case .tooLarge(let size):
        return "the file is \(size >> 20) MB, more than the \(FileBytes.maximumSize >> 20) MB a table may have"
      case .system(let message): return "cannot read the file: \(message)"
      }
    }
  }

  /// The file's bytes, or `nil` if it is not a regular file or cannot be read.
  package static func read(_ path: String) -> [UInt8]? {
    try? readRegularFile(path).bytes
  }

  /// The file's bytes and its fingerprint taken from the descriptor that read them, or `nil` if
  /// it is not a regular file or cannot be read.
  package static func readWithFingerprint(_ path: String) -> (bytes: [UInt8], fingerprint: FileFingerprint)? {
    try? readRegularFile(path)
  }

  /// The bytes and fingerprint of a regular file, or why it was not read.
  package static func readRegularFile(_ path: String) throws(Failure) -> (
    bytes: [UInt8], fingerprint: FileFingerprint
  ) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .missing }
      throw .system(PathText.systemErrorDescription(code))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .system(PathText.systemErrorDescription()) }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .folder
    case S_IFIFO: throw .notRegular("a FIFO (named pipe)")
    case S_IFCHR: throw .notRegular("a character device")
    case S_IFBLK: throw .notRegular("a block device")
    case S_IFSOCK: throw .notRegular("a socket")
    default: throw .notRegular("not a file")
    }
    let expected = max(0, Int(status.st_size))
    guard expected <= maximumSize else { throw .tooLarge(expected) }
    // The descriptor stays non-blocking: a regular file reads the same either way (`readToEnd`
    // makes it blocking should a read ever say it would block), and two `fcntl` calls per input
    // were a fifth of a build's system calls.
    let bytes: [UInt8]
    do {
      bytes = try readToEnd(descriptor, expectedSize: expected, limit: maximumSize)
    } catch {
      switch error {
      case .system(let code): throw .system(PathText.systemErrorDescription(code))
      case .tooLarge(let size): throw .tooLarge(size)
      }
    }
    return (bytes, FileFingerprint(status))
  }

  /// Why ``readToEnd(_:expectedSize:limit:)`` stopped before the end.
  package enum ReadStop: Error {
    /// The system refused a read; the associated value is `errno`.
    case system(Int32)
    /// The file grew past the limit while it was read; the associated value is the bytes read.
    case tooLarge(Int)
  }

  /// Every byte up to the end of an open file: the size `fstat` gave and one byte more in one
  /// read, then, for a file that grew since, on in chunks.
  /// - Parameters:
  ///   - descriptor: An open regular file (opened non-blocking or not: a read that would block
  ///     makes it blocking and is tried again). A read of a regular file that gives fewer bytes
  ///     than asked for has met the end; after one that gives all, only a read of nothing does.
  ///   - expectedSize: Its size from `fstat`.
  ///   - limit: The most bytes to accept.
  package static func readToEnd(_ descriptor: Int32, expectedSize: Int, limit: Int = .max) throws(ReadStop)
    -> [UInt8]
  {
    let expected = max(0, expectedSize)
    var failure: Int32 = 0
    var atEnd = false
    // The byte more tells the end without a read of nothing after it: that read was one system
    // call in five for each source file of a run.
    var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, initialized in
      initialized = 0
      while initialized <= expected, let base = buffer.baseAddress {
        let asked = expected + 1 - initialized
        let result = systemRead(descriptor, base + initialized, asked)
        if result < 0 && errno == EINTR { continue }
        if result < 0 { failure = errno }
        if result <= 0 {
          atEnd = result == 0
          break
        }
        initialized += result
        if result < asked {
          atEnd = true
          break
        }
      }
    }
    if failure != 0 { throw .system(failure) }
    if bytes.count > limit { throw .tooLarge(bytes.count) }
    if atEnd { return bytes }
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16384) { chunk throws(ReadStop) in
      while let base = chunk.baseAddress {
        let result = systemRead(descriptor, base, chunk.count)
        if result < 0 && errno == EINTR { continue }
        if result < 0 { throw .system(errno) }
        if result == 0 { return }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<result]))
        if bytes.count > limit { throw .tooLarge(bytes.count) }
      }
    }
    return bytes
  }

  /// The size of the file at `path`, or `nil` if there is none.
  package static func size(_ path: String) -> Int? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Int(status.st_size)
  }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  var madeBlocking = false
  while true {
    #if canImport(Glibc)
      let result = Glibc.read(descriptor, buffer, count)
    #else
      let result = Darwin.read(descriptor, buffer, count)
    #endif
    // Regular files do not block; should one say it would, read it blocking, once (a descriptor
    // that still says so is an error, not a reason to spin).
    guard result < 0, errno == EAGAIN || errno == EWOULDBLOCK, !madeBlocking else { return result }
    guard fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) == 0 else { return result }
    madeBlocking = true
  }
}
