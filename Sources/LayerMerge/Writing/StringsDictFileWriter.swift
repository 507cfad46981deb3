/// Writes a table as an XML property list the way CoreFoundation does (FORMATS.md §3.1):
/// the Apple DOCTYPE, one tab per level, keys sorted by UTF-16 code units at every level, only
/// `<`, `>` and `&` escaped.
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
///     <plist version="1.0">
///     <dict>
///     	<key>%d files</key>
///     	<dict>
///     	…
public enum StringsDictFileWriter {
  /// The bytes of the XML property list for a table.
  /// - Parameter table: The entries; comments are not written (CF's writer has none).
  /// - Returns: UTF-8 bytes ending in a line break.
  public static func data(for table: LocalizationTable) -> [UInt8] {
    data(count: table.count) { table.entries[$0] }
  }

  /// The same for the entries at positions `0..<count`.
  /// - Parameters:
  ///   - count: The number of entries.
  ///   - entry: The entry at a position.
  static func data(count: Int, entry: (Int) -> LocalizationEntry) -> [UInt8] {
    // CF drops one leading U+FEFF when it reads character data, so a text that starts with one
    // gets a second, to read back as it was.
    PropertyListXMLWriter.data(
      dictionary: (0..<count).map { position in
        let entry = entry(position)
        return (entry.key, entry.value)
      }, doublingLeadingByteOrderMark: true)
  }
}
