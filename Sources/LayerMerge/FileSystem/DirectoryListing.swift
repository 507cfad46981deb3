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
    var entries: [Entry] = []
    let listed = visitEntries(of: path) { name, isDirectory, isSymbolicLink in
      let nameBytes = Array(name)
      entries.append(
        Entry(
          nameBytes: nameBytes, name: String(validating: nameBytes, as: UTF8.self), isDirectory: isDirectory,
          isSymbolicLink: isSymbolicLink))
    }
    return listed ? entries : nil
  }

  /// Calls `body` with each entry of the folder at `path` but `.` and `..`, unsorted: its name's
  /// bytes, read in place (valid during the call), whether it is a folder (following a symbolic
  /// link) and whether it is a symbolic link. A walk of a project's code lists thousands of files
  /// and keeps few of their names.
  /// - Returns: Whether the folder could be read.
  static func visitEntries(
    of path: String, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ isDirectory: Bool, _ isSymbolicLink: Bool) -> Void
  ) -> Bool {
    guard let directory = opendir(path) else { return false }
    defer { closedir(directory) }
    while let record = readdir(directory) {
      let type = Int32(record.pointee.d_type)
      withUnsafeBytes(of: &record.pointee.d_name) { raw in
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        let name = UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: 0) ?? bytes.count)])
        if name.count == 1 && name[0] == 0x2E || name.count == 2 && name[0] == 0x2E && name[1] == 0x2E { return }
        var isDirectory = false
        var isSymbolicLink = false
        switch type {
        case Int32(DT_DIR): isDirectory = true
        case Int32(DT_REG): break
        default:
          // A link, another kind of file, or a file system that does not fill in the type: ask.
          let full = Array(path.utf8) + [0x2F] + Array(name) + [0]
          full.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cPath in
              guard let cPath = cPath.baseAddress else { return }
              var status = stat()
              isSymbolicLink = lstat(cPath, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
              isDirectory = stat(cPath, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            }
          }
        }
        body(name, isDirectory, isSymbolicLink)
      }
    }
    return true
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
