/// CoreFoundation's binary property-list reader (`CFBinaryPList.c`), on bytes and without
/// Foundation.
///
/// Sample input, `{"a" = "b";}` as `plutil -convert binary1` writes it (hex, 52 bytes):
///
///     62 70 6c 69 73 74 30 30   "bplist00"
///     d1 01 02                  a dictionary of one pair: key is object 1, value object 2
///     51 61   51 62             the ASCII strings "a" and "b"
///     08 0b 0d                  where objects 0, 1 and 2 start
///     00 … 00 01 01 …           trailer: 1-byte offsets and references, 3 objects, top 0, table at 14
///
/// A file is accepted exactly when CF accepts it, with the same checks in the same order, and CF's
/// quirks: ASCII strings are read as ISO Latin-1, a key that appears twice keeps its first value,
/// objects are cached by offset (so a shared object is read once), and no object may be nested
/// deeper than 512 levels. Where CF rejects the bytes, it goes on to try them as text; the caller
/// does the same (``Failure/corrupt(_:)``). A few things CF accepts cannot be a localization value
/// — null, UID and set objects, dictionary keys that are not strings, integers above `Int64.max`,
/// dates before the Gregorian reform (1582) or after 9999, objects shared so often that the values would outgrow the file
/// — and those are refused with a reason (``Failure/unsupported(_:)``).
///
/// The object tree is walked with an explicit stack: no recursion depends on the input.
struct BinaryPropertyListReader {
  /// Why the bytes do not give a table.
  enum Failure: Error, Equatable {
    /// CF rejects the bytes as a binary property list (and then tries them as text).
    case corrupt(String)
    /// CF reads the bytes, but the result holds something a localization table cannot.
    case unsupported(String)
  }

  /// What the property list holds.
  enum Outcome: Equatable {
    /// A dictionary with string keys, sorted by UTF-16 code units (a binary dictionary has no
    /// order worth keeping: CF writes keys in hash order).
    case dictionary([LocalizationEntry])
    /// Any other top-level object; the runtime ignores such a file.
    case other
  }

  /// CF's `_CFPropertyListMaxRecursionDepth()`: the top object is at depth 0.
  static let maximumDepth = 512

  /// Reads a whole file.
  /// - Parameter bytes: The file's bytes, starting with `bplist0`.
  /// - Returns: The top-level object, or why there is none.
  static func read(_ bytes: [UInt8]) -> Result<Outcome, Failure> {
    bytes.withUnsafeBufferPointer { buffer -> Result<Outcome, Failure> in
      var reader = BinaryPropertyListReader(bytes: buffer)
      do throws(Failure) {
        return .success(try reader.readDocument())
      } catch {
        return .failure(error)
      }
    }
  }

  // MARK: - Private

  private let bytes: UnsafeBufferPointer<UInt8>
  private var offsetIntSize = 0
  private var objectRefSize = 0
  private var objectCount = 0
  private var offsetTableOffset = 0
  /// CF's `objects` cache: every object read so far, by offset.
  private var cache: [Int: Node] = [:]
  /// The containers on the path from the top object down to the one being read.
  private var onPath: Set<Int> = []
  /// The first thing read that a table cannot hold; reading goes on, because CF may still reject
  /// the file further on (and then the text parsers get their turn).
  private var firstUnsupported: String?

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// An object as read: its value (`nil` when it is or holds something unsupported), what CF's
  /// dictionary-key check needs to know, and how many values it expands to.
  private struct Node {
    var value: LocalizationValue?
    var isCollection: Bool
    var isDictionary = false
    var expandedCount: Int
  }

  private enum ContainerKind { case array, set, dictionary }

  /// A container being read: its references are visited one by one.
  private struct Frame {
    var offset: Int
    var kind: ContainerKind
    var referencesStart: Int
    var referenceCount: Int
    var next = 0
    var depth: Int
    var children: [Node] = []
  }

  private mutating func readDocument() throws(Failure) -> Outcome {
    let top = try readTrailer()
    let root = try readObjectTree(at: top)
    if let firstUnsupported { throw .unsupported(firstUnsupported) }
    guard root.isDictionary else { return .other }
    guard case .dictionary(let dictionary)? = root.value else { return .other }
    return .dictionary(dictionary.pairs.map { LocalizationEntry(key: $0.key, value: $0.value) })
  }

  /// `__CFBinaryPlistGetTopLevelInfo`: checks the trailer and the offset table; returns where the
  /// top object starts.
  private mutating func readTrailer() throws(Failure) -> Int {
    let length = bytes.count
    guard length >= 32 + 8 + 1 else { throw .corrupt("the file is too short for a binary property list") }
    guard bytes.starts(with: Array("bplist0".utf8)) else { throw .corrupt("the file does not start with 'bplist0'") }
    let trailer = length - 32
    let intSize = Int(bytes[trailer + 6])
    let refSize = Int(bytes[trailer + 7])
    let objects = sizedInteger(at: trailer + 8, size: 8)
    let topObject = sizedInteger(at: trailer + 16, size: 8)
    let tableOffset = sizedInteger(at: trailer + 24, size: 8)
    let limit = UInt64(Int.max)
    guard objects <= limit, tableOffset <= limit else { throw .corrupt("the trailer's counts are out of range") }
    guard objects >= 1 else { throw .corrupt("the trailer says the file holds no object") }
    guard topObject < objects else { throw .corrupt("the trailer's top object is not one of its objects") }
    guard tableOffset >= 9, tableOffset < UInt64(trailer) else {
      throw .corrupt("the trailer's offset table lies outside the file")
    }
    guard intSize >= 1, refSize >= 1 else { throw .corrupt("the trailer's integer sizes are zero") }
    let (tableSize, overflow) = objects.multipliedReportingOverflow(by: UInt64(intSize))
    let (tableEnd, endOverflow) = tableOffset.addingReportingOverflow(tableSize)
    guard !overflow, !endOverflow, tableEnd == UInt64(trailer) else {
      throw .corrupt("the offset table and the trailer do not end the file")
    }
    guard refSize >= 8 || UInt64(1) << UInt64(8 * refSize) > objects else {
      throw .corrupt("object references are too small for the number of objects")
    }
    guard intSize >= 8 || UInt64(1) << UInt64(8 * intSize) > tableOffset else {
      throw .corrupt("offsets are too small to reach the offset table")
    }
    offsetIntSize = intSize
    objectRefSize = refSize
    objectCount = Int(objects)
    offsetTableOffset = Int(tableOffset)
    for index in 0..<objectCount {
      guard sizedInteger(at: offsetTableOffset + index * intSize, size: intSize) < tableOffset else {
        throw .corrupt("object \(index) starts after the object table")
      }
    }
    let top = sizedInteger(at: offsetTableOffset + Int(topObject) * intSize, size: intSize)
    guard top >= 8 else { throw .corrupt("the top object starts inside the header") }
    return Int(top)
  }

  /// Reads the object at `offset` and everything it holds, depth first as CF does.
  private mutating func readObjectTree(at offset: Int) throws(Failure) -> Node {
    var stack: [Frame] = []
    if let node = try begin(at: offset, depth: 0, stack: &stack) { return node }
    while let last = stack.indices.last {
      if stack[last].next < stack[last].referenceCount {
        let position = stack[last].referencesStart + stack[last].next * objectRefSize
        stack[last].next += 1
        let child = try objectOffset(ofReferenceAt: position)
        if let node = try begin(at: child, depth: stack[last].depth + 1, stack: &stack) {
          try append(node, to: &stack[last])
        }
        continue
      }
      let frame = stack.removeLast()
      onPath.remove(frame.offset)
      let node = finish(frame)
      cache[frame.offset] = node
      guard let parent = stack.indices.last else { return node }
      try append(node, to: &stack[parent])
    }
    // The loop returns when the outermost container is finished.
    throw .corrupt("the object tree is empty")
  }

  /// Starts reading an object: a leaf or a cached object comes back at once; a container is
  /// pushed on `stack` and `nil` comes back.
  private mutating func begin(at offset: Int, depth: Int, stack: inout [Frame]) throws(Failure) -> Node? {
    if depth > Self.maximumDepth {
      throw .corrupt("objects are nested more than \(Self.maximumDepth) levels deep")
    }
    if let cached = cache[offset] { return cached }
    guard !onPath.contains(offset) else { throw .corrupt("an array or dictionary contains itself") }
    let objectsEnd = offsetTableOffset - 1
    guard offset >= 8, offset <= objectsEnd else { throw .corrupt("an object lies outside the object table") }
    let marker = bytes[offset]
    let body = offset + 1
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x00: return unsupported("a null object", isCollection: false)
      case 0x08: return leaf(.boolean(false))
      case 0x09: return leaf(.boolean(true))
      default: throw .corrupt("unknown object marker 0x\(DecodedText.hex(marker))")
      }
    case 0x1:
      let size = 1 << Int(marker & 0x0F)
      guard body + size - 1 <= objectsEnd else { throw .corrupt("an integer runs past the object table") }
      guard size <= 16 else { throw .corrupt("an integer of \(size) bytes") }
      let raw = sizedInteger(at: body, size: size)
      switch size {
      case 8: return leaf(.integer(Int64(bitPattern: raw)))
      case 16:
        guard raw <= UInt64(Int64.max) else { return unsupported("an integer above \(Int64.max)", isCollection: false) }
        return leaf(.integer(Int64(raw)))
      default: return leaf(.integer(Int64(raw)))
      }
    case 0x2:
      switch marker & 0x0F {
      case 2:
        guard body + 3 <= objectsEnd else { throw .corrupt("a number runs past the object table") }
        return leaf(.real(Double(Float(bitPattern: UInt32(sizedInteger(at: body, size: 4))))))
      case 3:
        guard body + 7 <= objectsEnd else { throw .corrupt("a number runs past the object table") }
        return leaf(.real(Double(bitPattern: sizedInteger(at: body, size: 8))))
      default:
        throw .corrupt("unknown object marker 0x\(DecodedText.hex(marker))")
      }
    case 0x3:
      guard marker == 0x33 else { throw .corrupt("unknown object marker 0x\(DecodedText.hex(marker))") }
      guard body + 7 <= objectsEnd else { throw .corrupt("a date runs past the object table") }
      let time = Double(bitPattern: sizedInteger(at: body, size: 8))
      guard let text = ISO8601Date.text(forReferenceTime: time) else {
        return unsupported("a date before 1582-10-15 or after 9999", isCollection: false)
      }
      return leaf(.date(text))
    case 0x4, 0x5, 0x6:
      let (count, start) = try lengthAndStart(marker: marker, body: body)
      let units = marker >> 4 == 0x6 ? 2 : 1
      // CF allocates the UTF-16 buffer first, and an allocation of 0 bytes fails.
      guard units == 1 || count > 0 else { throw .corrupt("an empty UTF-16 string") }
      guard count <= (objectsEnd + 1 - start) / units else {
        throw .corrupt("a string or data object runs past the object table")
      }
      let content = UnsafeBufferPointer(rebasing: bytes[start..<(start + count * units)])
      switch marker >> 4 {
      case 0x4: return leaf(.data(Array(content)))
      case 0x5: return leaf(.string(Self.latin1String(content)))
      default: return leaf(.string(Self.utf16BigEndianString(content)))
      }
    case 0x8:
      let size = Int(marker & 0x0F) + 1
      guard body + size - 1 <= objectsEnd else { throw .corrupt("a UID runs past the object table") }
      guard sizedInteger(at: body, size: size) <= UInt64(UInt32.max) else { throw .corrupt("a UID above 2^32") }
      return unsupported("a UID object (from a keyed archive)", isCollection: false)
    case 0xA, 0xC, 0xD:
      let (count, start) = try lengthAndStart(marker: marker, body: body)
      let isDictionary = marker >> 4 == 0xD
      let (references, overflow) = isDictionary ? count.multipliedReportingOverflow(by: 2) : (count, false)
      guard !overflow, references <= (objectsEnd + 1 - start) / objectRefSize else {
        throw .corrupt("an array or dictionary runs past the object table")
      }
      onPath.insert(offset)
      stack.append(
        Frame(
          offset: offset, kind: isDictionary ? .dictionary : marker >> 4 == 0xA ? .array : .set,
          referencesStart: start, referenceCount: references, depth: depth))
      stack[stack.count - 1].children.reserveCapacity(min(references, 4096))
      return nil
    default:
      throw .corrupt("unknown object marker 0x\(DecodedText.hex(marker))")
    }
  }

  /// Adds a finished child to its container; CF rejects a dictionary key that is a collection.
  private func append(_ node: Node, to frame: inout Frame) throws(Failure) {
    if frame.kind == .dictionary, frame.children.count < frame.referenceCount / 2, node.isCollection {
      throw .corrupt("a dictionary key is an array or a dictionary")
    }
    frame.children.append(node)
  }

  /// The value of a container whose children are all read.
  private mutating func finish(_ frame: Frame) -> Node {
    let expanded = frame.children.reduce(1) { total, child in
      total.addingReportingOverflow(child.expandedCount).overflow ? Int.max : total + child.expandedCount
    }
    if expanded > max(bytes.count, 1) {
      return unsupported(
        "objects shared so often that the values expand to more than one per byte of the file", isCollection: true)
    }
    let values = frame.children.compactMap(\.value)
    guard values.count == frame.children.count else {
      return Node(value: nil, isCollection: true, isDictionary: frame.kind == .dictionary, expandedCount: expanded)
    }
    switch frame.kind {
    case .set:
      return unsupported("a set object", isCollection: true)
    case .array:
      return Node(value: .array(values), isCollection: true, expandedCount: expanded)
    case .dictionary:
      let half = values.count / 2
      var pairs: [(String, LocalizationValue)] = []
      var seen: Set<[UInt16]> = []
      for index in 0..<half {
        guard case .string(let key) = values[index] else {
          var node = unsupported("a dictionary key that is not a string", isCollection: true)
          node.isDictionary = true
          return node
        }
        // CF builds the dictionary with the first value of a repeated key.
        if seen.insert(Array(key.utf16)).inserted { pairs.append((key, values[half + index])) }
      }
      pairs.sort { utf16Precedes($0.0, $1.0) }
      return Node(
        value: .dictionary(OrderedDictionary(pairs)), isCollection: true, isDictionary: true, expandedCount: expanded)
    }
  }

  private func leaf(_ value: LocalizationValue) -> Node {
    Node(value: value, isCollection: false, expandedCount: 1)
  }

  private mutating func unsupported(_ what: String, isCollection: Bool) -> Node {
    if firstUnsupported == nil {
      firstUnsupported = "the binary property list holds \(what), which a localization table cannot hold"
    }
    return Node(value: nil, isCollection: isCollection, expandedCount: 1)
  }

  /// The count in a marker's low nibble, or the integer object after it when the nibble is 0xF,
  /// and where the content starts (`_readInt`).
  private func lengthAndStart(marker: UInt8, body: Int) throws(Failure) -> (Int, Int) {
    guard marker & 0x0F == 0x0F else { return (Int(marker & 0x0F), body) }
    let objectsEnd = offsetTableOffset - 1
    guard body <= objectsEnd, bytes[body] >> 4 == 0x1 else { throw .corrupt("a length is not an integer object") }
    let size = 1 << Int(bytes[body] & 0x0F)
    guard body + size <= objectsEnd else { throw .corrupt("a length runs past the object table") }
    // CF's `_getSizedInt` takes the size as a byte: a length of 256 or more bytes reads none (0).
    let length = sizedInteger(at: body + 1, size: size & 0xFF)
    guard length <= UInt64(Int.max) else { throw .corrupt("a length is out of range") }
    return (Int(length), body + 1 + size)
  }

  /// `_getOffsetOfRefAt`: the offset of the object a reference names.
  private func objectOffset(ofReferenceAt position: Int) throws(Failure) -> Int {
    let reference = sizedInteger(at: position, size: objectRefSize)
    guard reference < UInt64(objectCount) else {
      throw .corrupt("a reference names object \(reference), which does not exist")
    }
    return Int(sizedInteger(at: offsetTableOffset + Int(reference) * offsetIntSize, size: offsetIntSize))
  }

  /// A big-endian unsigned integer of `size` bytes; only the last eight bytes count, as in CF.
  private func sizedInteger(at offset: Int, size: Int) -> UInt64 {
    var result: UInt64 = 0
    for index in offset..<(offset + size) { result = result << 8 | UInt64(bytes[index]) }
    return result
  }

  /// CF decodes "ASCII" strings byte by byte as ISO Latin-1.
  private static func latin1String(_ content: UnsafeBufferPointer<UInt8>) -> String {
    if content.allSatisfy({ $0 < 0x80 }) { return String(decoding: content, as: UTF8.self) }
    var utf8: [UInt8] = []
    utf8.reserveCapacity(content.count * 2)
    for byte in content { appendUTF8(UInt32(byte), to: &utf8) }
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Big-endian UTF-16; a lone surrogate becomes U+FFFD, as bridging a CFString does.
  private static func utf16BigEndianString(_ content: UnsafeBufferPointer<UInt8>) -> String {
    let units = stride(from: 0, to: content.count, by: 2).map { UInt16(content[$0]) << 8 | UInt16(content[$0 + 1]) }
    return String(decoding: units, as: UTF16.self)
  }
}

/// Dates as `ISO8601DateFormatter` writes them in UTC (`2001-01-01T00:00:00Z`): the time rounded
/// to milliseconds, then the seconds cut off. Before the Gregorian reform (1582-10-15) the
/// formatter switches to a Julian calendar of its own, so only dates from the reform to the year
/// 9999 are given a text.
private enum ISO8601Date {
  /// Seconds from 2001-01-01 back to 1582-10-15, the first day of the Gregorian calendar.
  static let gregorianReform: Double = -13_197_600_000

  /// The text for a time in seconds since 2001-01-01 (CF's absolute time), or `nil` outside
  /// 1582-10-15 to 9999-12-31.
  static func text(forReferenceTime time: Double) -> String? {
    guard time.isFinite, time >= gregorianReform - 0.0005, time < 1e12 else { return nil }
    let milliseconds = (time * 1000 + 0.5).rounded(.down)
    let unixSeconds = Int64((milliseconds / 1000).rounded(.down)) + 978_307_200
    let days = unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
    let secondOfDay = unixSeconds - days * 86_400
    // Days to a proleptic Gregorian date (H. Hinnant's civil_from_days).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    guard year <= 9999, unixSeconds >= Int64(gregorianReform) + 978_307_200 else { return nil }
    func padded(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(secondOfDay / 3600, 2)):"
      + "\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))Z"
  }
}
