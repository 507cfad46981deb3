/// Edits of a String Catalog (`.xcstrings`): `strings[KEY].localizations[LANG]…stringUnit`.
///
/// - An existing unit's `value` (and `state`, when the edit gives one) is replaced in its string
///   token, escaped as Xcode escapes, unless it already holds it.
/// - What is missing (the unit, its variation, the substitution, the localization, the key) is
///   added as Xcode writes it (``StringCatalogWriter``: `"key" : value`, two spaces a level, keys
///   in Xcode's order), where Xcode would put it: after the member it sorts after, so that the
///   file reads as if Xcode had written it and no other line moves. A new unit's state is
///   `translated` unless the edit says otherwise; a new key gets the edit's comment and
///   `"extractionState" : "manual"` (it was not extracted from code, and Xcode neither marks a
///   manual key stale nor removes it); a new substitution its `formatSpecifier` and `argNum`.
struct CatalogTableEditor {
  private let text: [UInt8]
  private let tree: LayoutTree
  private let path: String
  private let lineBreak: [UInt8]
  private var splices = TextSplices()

  /// - Parameters:
  ///   - text: The catalog's bytes.
  ///   - path: Its path, for errors.
  init(text: [UInt8], path: String) throws(TableEditError) {
    do {
      self.tree = LayoutTree(try JSONReader.layout(of: text))
    } catch {
      throw TableEditError(
        path: path, position: error.position, message: "invalid JSON: \(error.message)", code: .syntax)
    }
    self.text = text
    self.path = path
    self.lineBreak = TextStyle.lineBreak(of: text)
  }

  /// The changes that make the edits. Several edits of one unit: the last one's value counts.
  mutating func splices(for edits: [TableEdit]) throws(TableEditError) -> TextSplices {
    let path = self.path
    let root = try EditNode.tree(edits, file: path) { edit throws(TableEditError) in
      guard case .catalog(let key, let language, let variation) = edit.place else {
        throw TableEditError(path: path, position: nil, message: "a String Catalog holds no \(edit.place.kindName)")
      }
      var steps = [
        EditNode.Step(key: "strings"), EditNode.Step(key: key, role: .entry), EditNode.Step(key: "localizations"),
        EditNode.Step(key: language),
      ]
      var index = 0
      while index < variation.count {
        guard index + 1 < variation.count else {
          throw TableEditError(
            path: path, position: nil,
            message: "the variation \(DisplayText.quoted(variation.joined(separator: "."))) of "
              + "\(DisplayText.quoted(key)) ends with \(DisplayText.quoted(variation[index])) and no case after it")
        }
        if variation[index] == "substitutions" {
          steps += [EditNode.Step(key: "substitutions"), EditNode.Step(key: variation[index + 1], role: .variable)]
        } else {
          steps += [
            EditNode.Step(key: "variations"), EditNode.Step(key: variation[index]),
            EditNode.Step(key: variation[index + 1]),
          ]
        }
        index += 2
      }
      return steps + [EditNode.Step(key: "stringUnit")]
    }
    guard let first = tree.nodes.first, case .dictionary = first.kind,
      let strings = tree.membersByKey(of: tree.root)[Array("strings".utf8)], case .dictionary = tree[strings.node].kind
    else {
      throw TableEditError(
        path: path, position: TextPosition(line: 1, column: 1),
        message: "not a String Catalog: the file has no \"strings\" object", code: .catalogSchema)
    }
    try edit(root, inObject: tree.root, depth: 0, keyPath: [])
    return splices
  }

  // MARK: - Private

  private mutating func edit(_ node: EditNode, inObject index: Int, depth: Int, keyPath: [String])
    throws(TableEditError)
  {
    let members = tree.membersByKey(of: index)
    var additions: [(key: String, value: JSONNode)] = []
    for child in node.children {
      let childPath = keyPath + [child.key]
      guard let member = members[Array(child.key.utf8)] else {
        additions.append((child.key, try jsonNode(for: child, keyPath: childPath)))
        continue
      }
      guard case .dictionary = tree[member.node].kind else {
        throw failure(
          at: tree[member.node].range.lowerBound,
          "\(describe(childPath)) is \(tree.describe(member.node)), not an object; the catalog is not as Xcode "
            + "writes it here")
      }
      if let edit = child.edit {
        try setUnit(edit, in: member.node, depth: depth + 1, keyPath: childPath)
      } else {
        try self.edit(child, inObject: member.node, depth: depth + 1, keyPath: childPath)
      }
    }
    if !additions.isEmpty { insert(additions, into: index, depth: depth) }
  }

  private mutating func setUnit(_ edit: TableEdit, in index: Int, depth: Int, keyPath: [String]) throws(TableEditError)
  {
    let members = tree.membersByKey(of: index)
    var additions: [(key: String, value: JSONNode)] = []
    for (field, wanted) in [("value", edit.value), ("state", edit.state)] {
      guard let wanted else { continue }
      guard let member = members[Array(field.utf8)] else {
        additions.append((field, JSONNode(.string(wanted), at: Self.nowhere)))
        continue
      }
      guard case .string(let current) = tree[member.node].kind else {
        throw failure(
          at: tree[member.node].range.lowerBound,
          "\(describe(keyPath + [field])) is \(tree.describe(member.node)), not a string")
      }
      if !current.utf8.elementsEqual(wanted.utf8) {
        splices.replace(tree[member.node].range, with: StringCatalogWriter.quoted(wanted))
      }
    }
    if !additions.isEmpty { insert(additions, into: index, depth: depth) }
  }

  /// What a missing member holds, as Xcode writes it.
  private func jsonNode(for node: EditNode, keyPath: [String]) throws(TableEditError) -> JSONNode {
    if let edit = node.edit {
      return object([("state", .string(edit.state ?? "translated")), ("value", .string(edit.value))])
    }
    var members: [(String, JSONNode.Value)] = []
    for child in node.children {
      members.append((child.key, try jsonNode(for: child, keyPath: keyPath + [child.key]).value))
    }
    switch node.role {
    case .entry:
      if let comment = node.comment { members.append(("comment", .string(comment))) }
      members.append(("extractionState", .string("manual")))
    case .variable:
      guard let variable = node.variable, let specifier = variable.formatValueType else {
        throw TableEditError(
          path: path, position: nil,
          message: "the substitution \(describe(keyPath)) does not exist yet, and the edit does not say what it "
            + "formats: pass its formatSpecifier and argNum from the development language "
            + "(TableEdit.Variable.catalogSubstitution)")
      }
      members.append(("formatSpecifier", .string(specifier)))
      if let number = variable.argumentNumber { members.append(("argNum", .number(String(number)))) }
    case .plain:
      break
    }
    return object(members)
  }

  /// Adds members to an object, each after the member it sorts after in Xcode's order.
  private mutating func insert(_ additions: [(key: String, value: JSONNode)], into index: Int, depth: Int) {
    let object = tree[index]
    guard let first = object.members.first else {
      let rendered = StringCatalogWriter.data(
        for: self.object(additions.map { ($0.key, $0.value.value) }), level: depth)
      splices.replace(object.range, with: TextStyle.withLineBreaks(rendered, lineBreak))
      return
    }
    let indentation =
      TextStyle.indentation(before: first.keyRange.lowerBound, in: text)
      ?? Array(repeating: 0x20, count: 2 * (depth + 1))
    let keys = object.members.map(\.key)
    let sorted = zip(keys, keys.dropFirst()).allSatisfy { CatalogKeyOrder.compare($0, $1) <= 0 }
    var ordered = additions
    if sorted { ordered.sort { CatalogKeyOrder.precedes($0.key, $1.key) } }
    var groups: [Int: [UInt8]] = [:]
    var places: [Int] = []
    for addition in ordered {
      var place = keys.count
      if sorted {
        var low = 0
        var high = keys.count
        while low < high {
          let middle = (low + high) / 2
          if CatalogKeyOrder.precedes(addition.key, keys[middle]) { high = middle } else { low = middle + 1 }
        }
        place = low
      }
      let member =
        StringCatalogWriter.quoted(addition.key) + Array(" : ".utf8)
        + StringCatalogWriter.data(for: addition.value, level: depth + 1)
      if groups[place] == nil { places.append(place) }
      // Before the first member the comma follows the new one; elsewhere it precedes it.
      groups[place, default: []] +=
        place == 0
        ? [0x0A] + indentation + member + [UInt8(ascii: ",")] : [UInt8(ascii: ","), 0x0A] + indentation + member
    }
    for place in places {
      let offset = place == 0 ? object.contentStart : tree[object.members[place - 1].node].range.upperBound
      splices.insert(TextStyle.withLineBreaks(groups[place] ?? [], lineBreak), at: offset)
    }
  }

  private func object(_ members: [(String, JSONNode.Value)]) -> JSONNode {
    JSONNode(
      .object(
        members.map { JSONMember(key: $0.0, keyPosition: Self.nowhere, value: JSONNode($0.1, at: Self.nowhere)) }),
      at: Self.nowhere)
  }

  private static let nowhere = TextPosition(line: 0, column: 0)

  private func describe(_ keyPath: [String]) -> String {
    keyPath.map(DisplayText.quoted).joined(separator: " → ")
  }

  private func failure(at offset: Int, _ message: String) -> TableEditError {
    TableEditError(
      path: path, position: TextStyle.position(of: offset, in: text), message: message, code: .catalogSchema)
  }
}
