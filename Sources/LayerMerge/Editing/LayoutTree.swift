/// The dictionaries of an XML property list or JSON document, built from its recorded
/// ``SyntaxLayout``: what each value is and where it stands, and each dictionary's members.
struct LayoutTree {
  /// A value.
  struct Node {
    enum Kind {
      case dictionary
      case array
      /// An empty dictionary written as one element (`<dict/>`).
      case emptyDictionary
      case string(String)
      case other
    }

    var kind: Kind
    /// The whole value: element or token, from its first byte to its last.
    var range: Range<Int>
    /// For a dictionary or array: just past its start tag or opening bracket.
    var contentStart = 0
    /// For a dictionary or array: where its end tag or closing bracket starts.
    var contentEnd = 0
    /// For a dictionary: its members in document order (a repeated key keeps every occurrence).
    var members: [Member] = []
  }

  /// A dictionary member.
  struct Member {
    var key: String
    /// The key element or token.
    var keyRange: Range<Int>
    /// The value's node.
    var node: Int
  }

  private(set) var nodes: [Node] = []

  /// The top-level value's node.
  let root = 0

  /// Builds the tree; the layout is that of a document the parser read whole.
  init(_ layout: SyntaxLayout) {
    nodes.reserveCapacity(layout.events.count / 2 + 1)
    var open: [Int] = []
    var pendingKey: (String, Range<Int>)?
    func attach(_ node: Node) -> Int {
      let index = nodes.count
      nodes.append(node)
      if let parent = open.last, let (key, range) = pendingKey {
        nodes[parent].members.append(Member(key: key, keyRange: range, node: index))
      }
      pendingKey = nil
      return index
    }
    for event in layout.events {
      switch event {
      case .key(let key, let range):
        pendingKey = (key, range)
      case .open(let range, let isDictionary):
        let index = attach(
          Node(kind: isDictionary ? .dictionary : .array, range: range, contentStart: range.upperBound))
        open.append(index)
      case .close(let range):
        guard let index = open.popLast() else { continue }
        nodes[index].contentEnd = range.lowerBound
        nodes[index].range = nodes[index].range.lowerBound..<range.upperBound
      case .leaf(let range, let leaf):
        let kind: Node.Kind
        switch leaf {
        case .string(let text): kind = .string(text)
        case .emptyDictionary: kind = .emptyDictionary
        case .other: kind = .other
        }
        _ = attach(Node(kind: kind, range: range))
      }
    }
  }

  subscript(index: Int) -> Node { nodes[index] }

  /// The members of a dictionary by key bytes, the last of a repeated key winning (as Apple's
  /// readers and Foundation's JSON reader let it).
  func membersByKey(of index: Int) -> [[UInt8]: Member] {
    var result: [[UInt8]: Member] = [:]
    result.reserveCapacity(nodes[index].members.count)
    for member in nodes[index].members { result[Array(member.key.utf8)] = member }
    return result
  }

  /// What a value is, for messages.
  func describe(_ index: Int) -> String {
    switch nodes[index].kind {
    case .dictionary, .emptyDictionary: return "a dictionary"
    case .array: return "an array"
    case .string: return "a string"
    case .other: return "a value that is not a string"
    }
  }
}
