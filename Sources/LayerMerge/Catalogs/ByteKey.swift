/// A string as a dictionary key compared and hashed by its UTF-8 bytes, as CoreFoundation compares
/// keys (`String` would merge canonically equivalent keys, and `[UInt8]` hashes byte by byte).
struct ByteKey: Hashable {
  let bytes: [UInt8]

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}
