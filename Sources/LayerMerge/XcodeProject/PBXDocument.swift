/// A `project.pbxproj` read losslessly: its bytes, untouched, and a tree of nodes that point into
/// them by byte range.
///
///     // !$*UTF8*$!
///     {
///     	archiveVersion = 1;
///     	objectVersion = 77;
///     	objects = {
///     /* Begin PBXNativeTarget section */
///     		8359F535E312088875AB7F4E /* App */ = {
///     			isa = PBXNativeTarget;
///     			buildPhases = (
///     				2053EE4C6238D6C3AEB2ADB3 /* Sources */,
///     			);
///     			name = App;
///     		};
///     /* End PBXNativeTarget section */
///     	};
///     	rootObject = 22E4F0B4EBDBD2631840392B /* Project object */;
///     }
///
/// Nothing is re-serialized: a node knows where its text starts and ends, so an edit replaces the
/// bytes of one object or one array element and every other byte stays (``PBXSplice``). Comments
/// are not nodes; they stay in the bytes between nodes. Strings are decoded only when asked for.
package final class PBXDocument: Sendable {
  /// The kinds of nodes.
  package enum Kind: UInt8, Sendable {
    /// A string written without quotes (`PBXNativeTarget`, `/bin/sh`, `1`).
    case bareString
    /// A quoted string without escapes: its value is the bytes between the quotes.
    case quotedString
    /// A quoted string with at least one backslash escape.
    case escapedString
    /// `<0fbd 7777>`.
    case data
    /// `( a, b, )`.
    case array
    /// `{ k = v; }`; its children alternate key and value.
    case dictionary
  }

  /// One node: its kind, the byte range of its text (quotes and brackets included) and, for an
  /// array or dictionary, where its children's indices start in ``childIndices``.
  struct Node: Sendable {
    var kind: Kind
    var start: Int32
    var end: Int32
    var firstChild: Int32
    var childCount: Int32
  }

  /// The file's path, as given.
  package let path: String
  /// The file's bytes, exactly as read.
  package let bytes: [UInt8]
  let nodes: [Node]
  let childIndices: [Int32]
  /// The root dictionary.
  let root: Int32
  /// The `objects` dictionary's node, if the root has one.
  let objects: Int32?
  /// Each object of `objects` by ID: an open-addressing table of the indices (+ 1) of the ID's
  /// key node in ``childIndices``, never more than half full. IDs are compared as bytes, hashed
  /// with the standard library's seeded hash, so that building the index makes no strings and no
  /// file can make look-ups collide on purpose. An ID written twice keeps its last object, as
  /// Apple's reader does.
  private let slots: [Int32]
  private let hashSeed: Int

  init(path: String, bytes: [UInt8], nodes: [Node], childIndices: [Int32], root: Int32) {
    self.path = path
    self.bytes = bytes
    self.nodes = nodes
    self.childIndices = childIndices
    self.root = root
    let objects = PBXDocument.lookUp("objects", in: root, nodes: nodes, childIndices: childIndices, bytes: bytes)
    self.objects = objects
    let seed = Int.random(in: Int.min...Int.max)
    self.hashSeed = seed
    var slots: [Int32] = []
    if let objects, nodes[Int(objects)].kind == .dictionary {
      let node = nodes[Int(objects)]
      var capacity = 16
      while capacity < Int(node.childCount) { capacity <<= 1 }
      slots = [Int32](repeating: 0, count: capacity)
      let mask = capacity - 1
      var k = Int(node.firstChild)
      let stop = k + Int(node.childCount)
      while k < stop {
        let key = childIndices[k]
        var slot = PBXDocument.hash(of: key, nodes: nodes, bytes: bytes, seed: seed) & mask
        while slots[slot] != 0 {
          let other = childIndices[Int(slots[slot]) - 1]
          if PBXDocument.sameKey(key, other, nodes: nodes, bytes: bytes) { break }
          slot = (slot + 1) & mask
        }
        slots[slot] = Int32(k + 1)
        k += 2
      }
    }
    self.slots = slots
  }

  // MARK: Reading nodes

  /// The kind of a node.
  func kind(_ index: Int32) -> Kind { nodes[Int(index)].kind }

  /// The byte range of a node's text.
  func range(_ index: Int32) -> Range<Int> {
    let node = nodes[Int(index)]
    return Int(node.start)..<Int(node.end)
  }

  /// Whether the byte at `offset` is inside a quoted string (`"…"` or `'…'`, quotes included).
  /// Nodes come in the order of their starts and a string holds no node, so the string holding a
  /// byte is the last node that starts at or before it.
  func isInQuotedString(_ offset: Int) -> Bool {
    var low = 0
    var high = nodes.count
    while low < high {
      let middle = (low + high) / 2
      if Int(nodes[middle].start) <= offset { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return false }
    let node = nodes[low - 1]
    return (node.kind == .quotedString || node.kind == .escapedString) && offset < Int(node.end)
  }

  /// The value of a string node (`nil` for other kinds).
  func string(_ index: Int32) -> String? {
    switch nodes[Int(index)].kind {
    case .bareString, .quotedString, .escapedString:
      return PBXDocument.string(of: index, nodes: nodes, bytes: bytes)
    default:
      return nil
    }
  }

  /// Whether a string node's value is exactly `text`, compared without making a string.
  func string(_ index: Int32, equals text: StaticString) -> Bool {
    let node = nodes[Int(index)]
    switch node.kind {
    case .bareString:
      return PBXDocument.bytes(bytes, Int(node.start)..<Int(node.end), equal: text)
    case .quotedString:
      return PBXDocument.bytes(bytes, Int(node.start) + 1..<Int(node.end) - 1, equal: text)
    case .escapedString:
      return string(index) == text.description
    default:
      return false
    }
  }

  /// Whether a string node's value is exactly `text`, compared without making a string.
  func string(_ index: Int32, equals text: String) -> Bool {
    guard let range = Self.plainRange(nodes[Int(index)]) else { return string(index) == text }
    var text = text
    return text.withUTF8 { expected in
      range.count == expected.count && bytes.withUnsafeBufferPointer { $0[range].elementsEqual(expected) }
    }
  }

  /// The children of an array, or the alternating keys and values of a dictionary.
  func children(_ index: Int32) -> ArraySlice<Int32> {
    let node = nodes[Int(index)]
    guard node.kind == .array || node.kind == .dictionary else { return [] }
    return childIndices[Int(node.firstChild)..<Int(node.firstChild + node.childCount)]
  }

  /// The value for `key` in a dictionary node: the last one when the key is written twice.
  func value(_ key: StaticString, in dictionary: Int32) -> Int32? {
    PBXDocument.lookUp(key, in: dictionary, nodes: nodes, childIndices: childIndices, bytes: bytes)
  }

  /// The key node whose value is `value` in a dictionary node.
  func key(ofValue value: Int32, in dictionary: Int32) -> Int32? {
    let children = children(dictionary)
    var k = children.startIndex + 1
    while k < children.endIndex {
      if children[k] == value { return children[k - 1] }
      k += 2
    }
    return nil
  }

  // MARK: Reading objects

  /// The key and value nodes of the object with this ID.
  func entry(_ id: String) -> (key: Int32, value: Int32)? {
    var id = id
    return id.withUTF8(probe)
  }

  /// The key and value nodes of the object a string node names (an element of `children`, a
  /// `fileRef`'s value), found without making a string.
  func entry(referencedBy node: Int32) -> (key: Int32, value: Int32)? {
    guard let range = Self.plainRange(nodes[Int(node)]) else { return string(node).flatMap(entry) }
    return bytes.withUnsafeBufferPointer { probe(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// The object whose ID is these bytes: one probe of the index.
  private func probe(_ idBytes: UnsafeBufferPointer<UInt8>) -> (key: Int32, value: Int32)? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count - 1
    var hasher = Hasher()
    hasher.combine(hashSeed)
    hasher.combine(bytes: UnsafeRawBufferPointer(idBytes))
    var slot = hasher.finalize() & mask
    while slots[slot] != 0 {
      let k = Int(slots[slot]) - 1
      let key = childIndices[k]
      if keyBytesEqual(key, idBytes) { return (key, childIndices[k + 1]) }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The value node of the object with this ID.
  func object(_ id: String) -> Int32? { entry(id)?.value }

  /// Whether an object has this ID.
  func contains(_ id: String) -> Bool { entry(id) != nil }

  /// Every object: its ID, key and value nodes, in the order of the file (an ID written twice once,
  /// with its last object).
  func allObjects() -> [(id: String, key: Int32, value: Int32)] {
    guard let objects else { return [] }
    let entries = children(objects)
    var result: [(id: String, key: Int32, value: Int32)] = []
    var k = entries.startIndex
    while k + 1 < entries.endIndex {
      if let id = string(entries[k]), entry(id)?.key == entries[k] { result.append((id, entries[k], entries[k + 1])) }
      k += 2
    }
    return result
  }

  /// The string value for `key` in a dictionary node, if it is a string.
  func string(_ key: StaticString, in dictionary: Int32) -> String? {
    value(key, in: dictionary).flatMap(string)
  }

  /// The strings of the array for `key` in a dictionary node (object IDs, paths); other elements
  /// are left out.
  func strings(_ key: StaticString, in dictionary: Int32) -> [String] {
    guard let array = value(key, in: dictionary), kind(array) == .array else { return [] }
    return children(array).compactMap(string)
  }

  /// Whether the object's `isa` is `name`.
  func isa(_ dictionary: Int32, is name: StaticString) -> Bool {
    value("isa", in: dictionary).map { string($0, equals: name) } ?? false
  }

  // MARK: - Private

  /// The bytes of a string node's value, when they are its text (not escaped).
  private static func plainRange(_ node: Node) -> Range<Int>? {
    switch node.kind {
    case .bareString: return Int(node.start)..<Int(node.end)
    case .quotedString: return (Int(node.start) + 1)..<(Int(node.end) - 1)
    default: return nil
    }
  }

  private static func hash(of key: Int32, nodes: [Node], bytes: [UInt8], seed: Int) -> Int {
    var hasher = Hasher()
    hasher.combine(seed)
    let node = nodes[Int(key)]
    if let range = plainRange(node) {
      bytes.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[range])) }
    } else {
      var text = string(of: key, nodes: nodes, bytes: bytes)
      text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
    return hasher.finalize()
  }

  private static func sameKey(_ a: Int32, _ b: Int32, nodes: [Node], bytes: [UInt8]) -> Bool {
    if let first = plainRange(nodes[Int(a)]), let second = plainRange(nodes[Int(b)]) {
      return first.count == second.count && bytes[first].elementsEqual(bytes[second])
    }
    return string(of: a, nodes: nodes, bytes: bytes) == string(of: b, nodes: nodes, bytes: bytes)
  }

  private func keyBytesEqual(_ key: Int32, _ id: UnsafeBufferPointer<UInt8>) -> Bool {
    if let range = Self.plainRange(nodes[Int(key)]) {
      return range.count == id.count && bytes.withUnsafeBufferPointer { $0[range].elementsEqual(id) }
    }
    return Array(Self.string(of: key, nodes: nodes, bytes: bytes).utf8).elementsEqual(id)
  }

  private static func lookUp(
    _ key: StaticString, in dictionary: Int32, nodes: [Node], childIndices: [Int32], bytes: [UInt8]
  ) -> Int32? {
    let node = nodes[Int(dictionary)]
    guard node.kind == .dictionary else { return nil }
    // The last occurrence wins, as in Apple's reader.
    var k = Int(node.firstChild) + Int(node.childCount) - 2
    while k >= Int(node.firstChild) {
      let keyNode = nodes[Int(childIndices[k])]
      let matches: Bool
      switch keyNode.kind {
      case .bareString: matches = Self.bytes(bytes, Int(keyNode.start)..<Int(keyNode.end), equal: key)
      case .quotedString: matches = Self.bytes(bytes, Int(keyNode.start) + 1..<Int(keyNode.end) - 1, equal: key)
      default: matches = string(of: childIndices[k], nodes: nodes, bytes: bytes) == key.description
      }
      if matches { return childIndices[k + 1] }
      k -= 2
    }
    return nil
  }

  private static func bytes(_ bytes: [UInt8], _ range: Range<Int>, equal text: StaticString) -> Bool {
    guard range.count == text.utf8CodeUnitCount else { return false }
    return text.withUTF8Buffer { expected in
      var i = 0
      for offset in range {
        if bytes[offset] != expected[i] { return false }
        i += 1
      }
      return true
    }
  }

  private static func string(of index: Int32, nodes: [Node], bytes: [UInt8]) -> String {
    let node = nodes[Int(index)]
    let range = Int(node.start)..<Int(node.end)
    switch node.kind {
    case .bareString:
      return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    case .quotedString:
      return bytes.withUnsafeBufferPointer {
        String(decoding: UnsafeBufferPointer(rebasing: $0[range.lowerBound + 1..<range.upperBound - 1]), as: UTF8.self)
      }
    case .escapedString:
      return PBXStringEscapes.decode(bytes, range.lowerBound + 1..<range.upperBound - 1)
    default:
      return ""
    }
  }
}
