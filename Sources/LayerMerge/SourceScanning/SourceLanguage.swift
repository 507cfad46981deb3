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

  /// The language of a file name given by its bytes, as ``init(pathExtension:)`` reads the
  /// extension after its last dot (a name starting with its only dot has none). A walk of a
  /// project's code asks this of every file, before it makes a string of any.
  init?(fileName name: UnsafeBufferPointer<UInt8>) {
    guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return nil }
    let count = name.count - dot - 1
    // Every extension scanned is ASCII and at most five letters; no other letter lowercases to
    // one of them but the Kelvin sign, to a `k` none has.
    guard count > 0, count <= 5 else { return nil }
    let text = String(unsafeUninitializedCapacity: count) { buffer in
      for index in 0..<count { buffer[index] = name[dot + 1 + index] }
      return count
    }
    self.init(pathExtension: text)
  }
}
