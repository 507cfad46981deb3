extension [UInt8] {
  /// Appends a string's UTF-8 bytes, writing each byte `needsEscape` picks with `escape` and
  /// copying the runs between them whole (the writers' text is mostly plain).
  mutating func appendEscaping(
    _ text: String, where needsEscape: (UInt8) -> Bool, escape: (UInt8, inout [UInt8]) -> Void
  ) {
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      for index in bytes.indices where needsEscape(bytes[index]) {
        append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        escape(bytes[index], &self)
        start = index + 1
      }
      append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
  }
}
