/// Edits of an XML property list: a `.stringsdict`, or a `.strings` file written as XML.
///
/// - An existing `<string>` at the edit's path is replaced whole, escaped as CoreFoundation's
///   writer escapes (`&amp;`, `&lt;`, `&gt;`; a leading U+FEFF doubled, since the reader drops
///   one), unless it already holds the value.
/// - A missing key (a form, a variable, a whole entry) is added to its dictionary, indented like
///   its neighbours, in the file's line breaks: where it sorts when the dictionary's keys are
///   sorted (UTF-16 order, as CoreFoundation writes them, or the order of Xcode's template:
///   `NSStringLocalizedFormatKey`, the variable's type keys, `zero one two few many other`), else
///   after the last key. A new entry's comment is an XML comment above its key; a new variable
///   gets `NSStringFormatSpecTypeKey` and `NSStringFormatValueTypeKey` from the edit.
struct PropertyListTableEditor {
  private let text: [UInt8]
  private let tree: LayoutTree
  private let path: String
  private let kind: LocalizationFileKind
  private let lineBreak: [UInt8]
  private let indentUnit: [UInt8]
  /// Whether the file writes keys in UTF-16 order (CoreFoundation's writer), judged by its
  /// top-level keys: new dictionaries are written in that order, else in the template's.
  private let sortsKeys: Bool
  private var splices = TextSplices()

  /// - Parameters:
  ///   - text: The decoded text the layout refers to.
  ///   - layout: Where its parts stand.
  ///   - path: The file's path, for errors.
  ///   - kind: `.stringsdict`, or `.strings` for a strings file written as XML.
  init(text: [UInt8], layout: SyntaxLayout, path: String, kind: LocalizationFileKind) {
    self.text = text
    self.tree = LayoutTree(layout)
    self.path = path
    self.kind = kind
    self.lineBreak = TextStyle.lineBreak(of: text)
    var unit: [UInt8] = [0x09]
    for node in tree.nodes {
      guard case .dictionary = node.kind, let first = node.members.first,
        let outer = TextStyle.indentation(before: node.range.lowerBound, in: text),
        let inner = TextStyle.indentation(before: first.keyRange.lowerBound, in: text),
        inner.count > outer.count, inner.starts(with: outer)
      else { continue }
      unit = Array(inner[outer.count...])
      break
    }
    self.indentUnit = unit
    let keys = tree.nodes.isEmpty ? [] : tree[tree.root].members.map(\.key)
    self.sortsKeys = zip(keys, keys.dropFirst()).allSatisfy { !utf16Order($1, $0) }
  }

  /// The changes that make the edits. Several edits of one place: the last one's value counts.
  mutating func splices(for edits: [TableEdit]) throws(TableEditError) -> TextSplices {
    let kind = self.kind
    let path = self.path
    let root = try EditNode.tree(edits, file: path) { edit throws(TableEditError) in
      switch edit.place {
      case .strings(let key):
        return [EditNode.Step(key: key, role: .entry)]
      case .stringsdict(let key, let components) where kind == .stringsdict:
        return [EditNode.Step(key: key, role: .entry)]
          + components.enumerated().map { index, component in
            EditNode.Step(key: component, role: index == 0 && components.count > 1 ? .variable : .plain)
          }
      default:
        throw TableEditError(
          path: path, position: nil, message: "a \(kind.fileExtension) file holds no \(edit.place.kindName)")
      }
    }
    guard !tree.nodes.isEmpty else {
      throw TableEditError(path: path, position: nil, message: "the property list holds no dictionary")
    }
    try edit(root, inDictionary: tree.root, keyPath: [])
    return splices
  }

  // MARK: - Private

  private mutating func edit(_ node: EditNode, inDictionary index: Int, keyPath: [String]) throws(TableEditError) {
    let members = tree.membersByKey(of: index)
    var missing: [EditNode] = []
    for child in node.children {
      guard let member = members[Array(child.key.utf8)] else {
        missing.append(child)
        continue
      }
      let value = tree[member.node]
      let childPath = keyPath + [child.key]
      if let edit = child.edit {
        guard case .string(let current) = value.kind else {
          throw failure(
            at: value.range.lowerBound,
            "\(describe(childPath)) is \(tree.describe(member.node)), not a string: a translation cannot replace it")
        }
        if !current.utf8.elementsEqual(edit.value.utf8) {
          splices.replace(value.range, with: stringElement(edit.value))
        }
        continue
      }
      switch value.kind {
      case .dictionary, .emptyDictionary:
        try self.edit(child, inDictionary: member.node, keyPath: childPath)
      default:
        let inner = child.children.first.map { " (\(DisplayText.quoted($0.key)))" } ?? ""
        throw failure(
          at: value.range.lowerBound,
          "\(describe(childPath)) is \(tree.describe(member.node)), but the edit sets a value inside it\(inner)")
      }
    }
    if !missing.isEmpty { try insert(missing, into: index, keyPath: keyPath) }
  }

  /// Adds members to a dictionary: after the member they sort after, or after the last.
  private mutating func insert(_ additions: [EditNode], into index: Int, keyPath: [String]) throws(TableEditError) {
    let dictionary = tree[index]
    let outer = TextStyle.indentation(before: dictionary.range.lowerBound, in: text) ?? []
    guard let first = dictionary.members.first else {
      let inner = outer + indentUnit
      var body: [UInt8] = []
      for addition in Self.sorted(additions, by: sortsKeys ? utf16Order : Self.templateOrder) {
        body += [0x0A] + inner + (try render(addition, indentation: inner, keyPath: keyPath, at: index))
      }
      body += [0x0A] + outer
      if case .emptyDictionary = dictionary.kind {
        splices.replace(
          dictionary.range,
          with: TextStyle.withLineBreaks(Array("<dict>".utf8) + body + Array("</dict>".utf8), lineBreak))
      } else {
        splices.replace(
          dictionary.contentStart..<dictionary.contentEnd, with: TextStyle.withLineBreaks(body, lineBreak))
      }
      return
    }
    let inner = TextStyle.indentation(before: first.keyRange.lowerBound, in: text) ?? outer + indentUnit
    let keys = dictionary.members.map(\.key)
    let order = [sortsKeys ? utf16Order : Self.templateOrder, sortsKeys ? Self.templateOrder : utf16Order].first {
      precedes in zip(keys, keys.dropFirst()).allSatisfy { !precedes($1, $0) }
    }
    var groups: [Int: [UInt8]] = [:]
    var places: [Int] = []
    for addition in order.map({ Self.sorted(additions, by: $0) }) ?? additions {
      // The first member the addition sorts before, when the keys are sorted.
      var place = keys.count
      if let order {
        var low = 0
        var high = keys.count
        while low < high {
          let middle = (low + high) / 2
          if order(addition.key, keys[middle]) { high = middle } else { low = middle + 1 }
        }
        place = low
      }
      if groups[place] == nil { places.append(place) }
      groups[place, default: []] +=
        [0x0A] + inner + (try render(addition, indentation: inner, keyPath: keyPath, at: index))
    }
    for place in places {
      let offset = place == 0 ? dictionary.contentStart : tree[dictionary.members[place - 1].node].range.upperBound
      splices.insert(TextStyle.withLineBreaks(groups[place] ?? [], lineBreak), at: offset)
    }
  }

  /// A new member, from its key to its value's end, its lines after the first indented by
  /// `indentation` (and deeper).
  private func render(_ node: EditNode, indentation: [UInt8], keyPath: [String], at dictionary: Int)
    throws(TableEditError) -> [UInt8]
  {
    var output: [UInt8] = []
    if node.role == .entry, let comment = node.comment, !comment.isEmpty {
      output += Array("<!-- ".utf8) + Self.commentText(comment) + Array(" -->".utf8) + [0x0A] + indentation
    }
    output += Array("<key>".utf8) + PropertyListXMLWriter.escaped(node.key, doublingLeadingByteOrderMark: true)
    output += Array("</key>".utf8) + [0x0A] + indentation
    if let edit = node.edit {
      return output + stringElement(edit.value)
    }
    let nodePath = keyPath + [node.key]
    var fields: [(key: String, render: [UInt8])] = []
    let inner = indentation + indentUnit
    switch node.role {
    case .entry where kind == .stringsdict:
      let hasFormat = node.children.contains { $0.key == "NSStringLocalizedFormatKey" && $0.isLeaf }
      if !hasFormat, let variable = node.children.first(where: { !$0.isLeaf && !Self.ruleTypeKeys.contains($0.key) }) {
        throw failure(
          at: tree[dictionary].range.lowerBound,
          "the new entry \(DisplayText.quoted(node.key)) has forms of the variable \(DisplayText.quoted(variable.key)) "
            + "but no NSStringLocalizedFormatKey, which says where the variable goes: set that too")
      }
    case .variable where !Self.ruleTypeKeys.contains(node.key):
      guard let variable = node.variable, let specType = variable.formatSpecType else {
        throw failure(
          at: tree[dictionary].range.lowerBound,
          "the variable \(describe(nodePath)) does not exist yet, and the edit does not say what it formats: "
            + "pass its NSStringFormatSpecTypeKey and NSStringFormatValueTypeKey from the development language "
            + "(TableEdit.Variable.stringsdict)")
      }
      fields.append(("NSStringFormatSpecTypeKey", stringField("NSStringFormatSpecTypeKey", specType, inner)))
      if let valueType = variable.formatValueType {
        fields.append(("NSStringFormatValueTypeKey", stringField("NSStringFormatValueTypeKey", valueType, inner)))
      }
    default:
      break
    }
    for child in node.children {
      fields.append((child.key, try render(child, indentation: inner, keyPath: nodePath, at: dictionary)))
    }
    output += Array("<dict>".utf8)
    for field in Self.sorted(fields, by: sortsKeys ? utf16Order : Self.templateOrder, key: \.key) {
      output += [0x0A] + inner + field.render
    }
    output += [0x0A] + indentation + Array("</dict>".utf8)
    return output
  }

  private func stringField(_ key: String, _ value: String, _ indentation: [UInt8]) -> [UInt8] {
    Array("<key>\(key)</key>".utf8) + [0x0A] + indentation + stringElement(value)
  }

  private func stringElement(_ value: String) -> [UInt8] {
    Array("<string>".utf8) + PropertyListXMLWriter.escaped(value, doublingLeadingByteOrderMark: true)
      + Array("</string>".utf8)
  }

  private func describe(_ keyPath: [String]) -> String {
    guard let key = keyPath.first else { return "the property list" }
    let inside = keyPath.dropFirst().map(DisplayText.quoted).joined(separator: " → ")
    return inside.isEmpty ? "the value of \(DisplayText.quoted(key))" : "\(inside) of \(DisplayText.quoted(key))"
  }

  private func failure(at offset: Int, _ message: String) -> TableEditError {
    TableEditError(path: path, position: TextStyle.position(of: offset, in: text), message: message)
  }

  /// Sorted by key, stably (keys given twice keep their order).
  private static func sorted<Element>(
    _ elements: [Element], by order: (String, String) -> Bool, key: (Element) -> String
  ) -> [Element] {
    elements.enumerated().sorted { a, b in
      let (left, right) = (key(a.element), key(b.element))
      return order(left, right) || (!order(right, left) && a.offset < b.offset)
    }.map(\.element)
  }

  private static func sorted(_ nodes: [EditNode], by order: (String, String) -> Bool) -> [EditNode] {
    sorted(nodes, by: order, key: \.key)
  }

  /// Variables whose dictionary holds its cases directly, with no format to describe.
  private static let ruleTypeKeys: Set<String> = ["NSStringDeviceSpecificRuleType", "NSStringVariableWidthRuleType"]

  /// The order of Xcode's `.stringsdict` template: the format, the variable's type keys, the
  /// plural categories in CLDR order, then anything else in UTF-16 order.
  private static func templateOrder(_ lhs: String, _ rhs: String) -> Bool {
    let (left, right) = (templateRank(lhs), templateRank(rhs))
    return left != right ? left < right : utf16Order(lhs, rhs)
  }

  private static func templateRank(_ key: String) -> Int {
    switch key {
    case "NSStringLocalizedFormatKey": return 0
    case "NSStringFormatSpecTypeKey": return 1
    case "NSStringFormatValueTypeKey": return 2
    case "zero": return 3
    case "one": return 4
    case "two": return 5
    case "few": return 6
    case "many": return 7
    case "other": return 8
    default: return 9
    }
  }

  /// Comment text that cannot end the comment: XML forbids `--` inside one and `-` at its end.
  private static func commentText(_ comment: String) -> [UInt8] {
    var bytes: [UInt8] = []
    for byte in comment.utf8 {
      if byte == UInt8(ascii: "-") && bytes.last == UInt8(ascii: "-") { bytes.append(0x20) }
      bytes.append(byte)
    }
    if bytes.last == UInt8(ascii: "-") { bytes.append(0x20) }
    return bytes
  }
}
