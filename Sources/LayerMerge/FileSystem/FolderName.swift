/// Names that become one folder of a path — a target's name in `{target}`, an extracted layer's
/// name under `OUT` — and what makes a name unusable as one.
enum FolderName {
  /// Why `name` cannot name one folder, or `nil` when it can: it is empty, `.` or `..`, contains
  /// `/`, or a control character (NUL included), which would also forge lines where it is printed.
  /// - Parameter name: The name.
  /// - Returns: The reason, as the end of a sentence that starts with the name (`"is empty"`).
  static func problem(_ name: String) -> String? {
    if name.isEmpty { return "is empty" }
    if name == "." || name == ".." { return "is '\(name)', which names no folder of its own" }
    if name.contains("/") { return "contains '/'" }
    if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
      return "contains a control character (\(DisplayText.escaped(String(control))))"
    }
    return nil
  }
}
