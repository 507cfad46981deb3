#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lists folders with `opendir`/`readdir`.
///
/// `FileManager.contentsOfDirectory` plus one `fileExists` per entry took 2 ms for a layer of 55
/// files, most of a no-change run; `readdir` says which entries are folders without a `stat`.
enum DirectoryListing {
  /// One entry of a folder.
  struct Entry {
    /// The name as the file system stores it: any bytes but `/` and NUL.
    var nameBytes: [UInt8]
    /// The name, when its bytes are valid UTF-8.
    var name: String?
    /// Whether the entry is a folder (following a symbolic link, as `fileExists` does).
    var isDirectory: Bool
    /// Whether the entry itself is a symbolic link.
    var isSymbolicLink: Bool
  }

  /// The entries of the folder at `path`, without `.` and `..`, unsorted; `nil` if it cannot be read.
  static func entries(of path: String) -> [Entry]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var entries: [Entry] = []
    while let record = readdir(directory) {
      let nameBytes = withUnsafeBytes(of: record.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      if nameBytes == [0x2E] || nameBytes == [0x2E, 0x2E] { continue }
      let name = String(validating: nameBytes, as: UTF8.self)
      var isDirectory = false
      var isSymbolicLink = false
      switch Int32(record.pointee.d_type) {
      case Int32(DT_DIR): isDirectory = true
      case Int32(DT_REG): break
      default:
        // A link, another kind of file, or a file system that does not fill in the type: ask.
        let full = Array(path.utf8) + [0x2F] + nameBytes + [0]
        full.withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { cPath in
            guard let cPath = cPath.baseAddress else { return }
            var status = stat()
            isSymbolicLink = lstat(cPath, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
            isDirectory = stat(cPath, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
          }
        }
      }
      entries.append(Entry(nameBytes: nameBytes, name: name, isDirectory: isDirectory, isSymbolicLink: isSymbolicLink))
    }
    return entries
  }

  /// A name for messages: printable ASCII as it is, every other byte as `\xHH`.
  static func escaped(_ bytes: [UInt8]) -> String {
    var text = ""
    for byte in bytes {
      if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        text += "\\x" + DecodedText.hex(byte)
      }
    }
    return text
  }
}
