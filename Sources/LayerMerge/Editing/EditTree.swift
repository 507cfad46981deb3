/// Edits grouped by the path of dictionary keys they set: each path once, children in the order
/// they were first given, so that an editor walks a document once whatever the number of edits,
/// and writes what it adds under one missing dictionary as one piece.
final class EditNode {
  /// What a node stands for, where a new one needs more than its members.
  enum Role {
    case plain
    /// A table entry (a key of the table): a new one gets the edit's comment.
    case entry
    /// A `.stringsdict` variable or a catalog substitution: a new one gets its format.
    case variable
  }

  /// One step of an edit's path.
  struct Step {
    var key: String
    var role: Role = .plain
  }

  let key: String
  private(set) var role: Role = .plain
  private(set) var children: [EditNode] = []
  private var childIndex: [[UInt8]: Int] = [:]
  /// The edit whose value goes here: the last one given for this place (with the last state
  /// given, if it gives none).
  private(set) var edit: TableEdit?
  /// A new entry's comment (the last edit's that has one).
  private(set) var comment: String?
  /// A new variable's format (the last edit's that has one).
  private(set) var variable: TableEdit.Variable?

  init(key: String) {
    self.key = key
  }

  /// Whether the edit's value goes here (and nothing goes inside).
  var isLeaf: Bool { edit != nil }

  /// The tree of the edits.
  /// - Parameters:
  ///   - edits: The edits, in the order given.
  ///   - file: The file's path, for errors.
  ///   - path: Each edit's path from the document's root; its last step is where the value goes.
  /// - Throws: An error when one edit sets a value another sets something inside.
  static func tree(_ edits: [TableEdit], file: String, path: (TableEdit) throws(TableEditError) -> [Step])
    throws(TableEditError) -> EditNode
  {
    let root = EditNode(key: "")
    for edit in edits {
      let steps = try path(edit)
      var node = root
      for (index, step) in steps.enumerated() {
        guard !node.isLeaf else { throw conflict(edit, at: steps[..<index].map(\.key), file: file) }
        node = node.child(step.key)
        if step.role != .plain { node.role = step.role }
        if step.role == .entry, let comment = edit.comment { node.comment = comment }
        if step.role == .variable, let variable = edit.variable { node.variable = variable }
      }
      guard node.children.isEmpty else { throw conflict(edit, at: steps.map(\.key), file: file) }
      // As if the edits were made one after the other: a later one without a state keeps the
      // state an earlier one set.
      var latest = edit
      if latest.state == nil { latest.state = node.edit?.state }
      node.edit = latest
    }
    return root
  }

  // MARK: - Private

  private func child(_ key: String) -> EditNode {
    let bytes = Array(key.utf8)
    if let index = childIndex[bytes] { return children[index] }
    let node = EditNode(key: key)
    childIndex[bytes] = children.count
    children.append(node)
    return node
  }

  private static func conflict(_ edit: TableEdit, at path: [String], file: String) -> TableEditError {
    TableEditError(
      path: file, position: nil,
      message: "two edits conflict: one sets \(path.map(DisplayText.quoted).joined(separator: " → ")) to a string, "
        + "another a value inside it (key \(DisplayText.quoted(edit.place.key)))")
  }
}
