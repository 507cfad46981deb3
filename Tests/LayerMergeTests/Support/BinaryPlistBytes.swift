/// Assembles binary property lists object by object, including ones no writer would make, so
/// that tests can state every rule of the binary reader.
enum BinaryPlistBytes {
  /// A file holding `objects` (each its encoded bytes, marker first), with the top object at
  /// `top`, references of `referenceSize` bytes and offsets of `offsetSize` bytes.
  static func build(_ objects: [[UInt8]], top: Int = 0, referenceSize: Int = 1, offsetSize: Int = 2) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let tableOffset = bytes.count
    for offset in offsets { bytes += bigEndian(offset, size: offsetSize) }
    bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    bytes += bigEndian(objects.count, size: 8) + bigEndian(top, size: 8) + bigEndian(tableOffset, size: 8)
    return bytes
  }

  /// `{key: value}` with the key an ASCII string and `value` the encoded value object.
  static func dictionary(key: String = "a", value: [UInt8]) -> [UInt8] {
    build([[0xD1, 1, 2], ascii(key), value])
  }

  /// An ASCII string object.
  static func ascii(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    precondition(bytes.count < 15)
    return [0x50 | UInt8(bytes.count)] + bytes
  }

  /// `value` in `size` big-endian bytes.
  static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
  }
}
