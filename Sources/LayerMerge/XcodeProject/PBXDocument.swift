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
  /// Each object of `objects`, by ID: the index of its key node and of its value node. An ID
  /// written twice keeps its last object, as Apple's reader does.
  let objectsByID: [String: (key: Int32, value: Int32)]
  /// The `objects` dictionary's node, if the root has one.
  let objects: Int32?

  init(path: String, bytes: [UInt8], nodes: [Node], childIndices: [Int32], root: Int32) {
    self.path = path
    self.bytes = bytes
    self.nodes = nodes
    self.childIndices = childIndices
    self.root = root
    let objects = PBXDocument.lookUp("objects", in: root, nodes: nodes, childIndices: childIndices, bytes: bytes)
    self.objects = objects
    var byID: [String: (key: Int32, value: Int32)] = [:]
    if let objects, nodes[Int(objects)].kind == .dictionary {
      let node = nodes[Int(objects)]
      byID.reserveCapacity(Int(node.childCount) / 2)
      var k = Int(node.firstChild)
      let stop = k + Int(node.childCount)
      while k < stop {
        let key = childIndices[k]
        byID[PBXDocument.string(of: key, nodes: nodes, bytes: bytes)] = (key, childIndices[k + 1])
        k += 2
      }
    }
    self.objectsByID = byID
  }

  // MARK: Reading nodes

  /// The kind of a node.
  func kind(_ index: Int32) -> Kind { nodes[Int(index)].kind }

  /// The byte range of a node's text.
  func range(_ index: Int32) -> Range<Int> {
    let node = nodes[Int(index)]
    return Int(node.start)..<Int(node.end)
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

  /// The value node of the object with this ID.
  func object(_ id: String) -> Int32? { objectsByID[id]?.value }

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
