#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat` says about a file that tells whether it changed: size, modification time, inode and
/// device. A build stamp keeps the fingerprint each input had *when it was read* (taken from the
/// reader's own descriptor), so a file saved during a run is seen as changed by the next one.
public struct FileFingerprint: Hashable, Sendable, CustomStringConvertible {
  /// The size in bytes.
  public var size: Int64
  /// The modification time, in nanoseconds since 1970.
  public var modificationTime: Int64
  /// The inode number.
  public var inode: UInt64
  /// The device the file lives on.
  public var device: UInt64

  /// Creates a fingerprint.
  public init(size: Int64, modificationTime: Int64, inode: UInt64, device: UInt64) {
    self.size = size
    self.modificationTime = modificationTime
    self.inode = inode
    self.device = device
  }

  /// The fingerprint of the file at `path`, following symbolic links; `nil` if there is none.
  /// - Parameter path: The file's path.
  public init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  /// The fingerprint in a `stat` result.
  init(_ status: stat) {
    #if canImport(Darwin)
      let time = status.st_mtimespec
    #else
      let time = status.st_mtim
    #endif
    self.init(
      size: Int64(status.st_size), modificationTime: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec),
      inode: UInt64(status.st_ino), device: UInt64(status.st_dev))
  }

  /// `size:mtime:inode:device`, the form the stamp file keeps.
  public var description: String { "\(size):\(modificationTime):\(inode):\(device)" }
}
