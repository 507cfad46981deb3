/// The language a source file is scanned as, which decides its lexer and its lookup forms.
public enum SourceLanguage: Hashable, Sendable {
  /// Swift: `.swift`.
  case swift
  /// Objective-C and the C family it compiles with: `.m`, `.mm`, `.h`, `.c`, `.cpp` (and `.cc`,
  /// `.cxx`, `.hpp`, `.hh`); C and C++ files are read with the same lexer, so a lookup macro in a
  /// C++ file counts too.
  case objectiveC

  /// The language of a file with this extension (case-insensitive, without the dot), or `nil`
  /// for a file that is not scanned.
  /// - Parameter pathExtension: The file name's extension, such as `swift` or `m`.
  public init?(pathExtension: String) {
    switch pathExtension.lowercased() {
    case "swift": self = .swift
    case "m", "mm", "h", "c", "cpp", "cc", "cxx", "hpp", "hh": self = .objectiveC
    default: return nil
    }
  }
}
