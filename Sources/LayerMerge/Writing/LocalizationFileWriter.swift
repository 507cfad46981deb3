/// Picks the writer for a file kind.
public enum LocalizationFileWriter {
  /// The bytes of a table written as the given kind.
  /// - Parameters:
  ///   - table: The entries.
  ///   - kind: `.strings` (Xcode layout) or `.stringsdict` (Apple XML plist). One language of a
  ///     String Catalog (`.xcstrings`) is written as the XML property list its compiled table is.
  /// - Returns: The file's bytes.
  public static func data(for table: LocalizationTable, as kind: LocalizationFileKind) -> [UInt8] {
    switch kind {
    case .strings: return StringsFileWriter.data(for: table)
    case .stringsdict, .xcstrings: return StringsDictFileWriter.data(for: table)
    }
  }
}
