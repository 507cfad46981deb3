/// The two settings of `locmerge.json` the Xcode phase relies on, and the surgical edit that sets
/// them: merged tables go straight into the product, the bookkeeping outside it.
///
/// - `"destination": "$(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)"`: the product's
///   resource folder, where Copy Bundle Resources puts files (what CocoaPods' resource phase does);
/// - `"state": "$(TARGET_TEMP_DIR)/locmerge"`: the record, stamp, lock and temporary files, in the
///   target's temporary folder — on the product's volume (tables are renamed into place), outside
///   the app, and a folder user script sandboxing lets a script write freely (swift-build's
///   profile opens `TARGET_TEMP_DIR` and closes `DERIVED_FILE_DIR` inside it, where a script may
///   write only the exact paths it declares, never a temporary name).
///
/// Only those two members change: a value is replaced in place, a missing member is added after
/// `"base"`; every other byte of the file stays. A state folder the file already names is kept.
public enum XcodeProjectFileSettings {
  /// The destination the phase writes: the product's resource folder.
  public static let destination = "$(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)"
  /// The state folder `install` sets when the project file names none.
  public static let state = "$(TARGET_TEMP_DIR)/locmerge"

  /// Why the settings cannot be set for the phase.
  public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
    /// A target has its own destination: the phase writes every target into its product.
    case targetDestination(target: String, destination: String, location: SourceLocation)
    /// A target writes merged catalogs, which an app cannot read from its bundle.
    case mergedCatalogs(target: String, location: SourceLocation)

    /// What is wrong and what to do, without the location.
    public var message: String {
      switch self {
      case .targetDestination(let target, let destination, _):
        return "target '\(DisplayText.escaped(target))' has its own destination "
          + "(\(DisplayText.escaped(destination))); the Xcode phase writes every target's tables into its product "
          + "(\(XcodeProjectFileSettings.destination)): remove the target's \"destination\""
      case .mergedCatalogs(let target, _):
        return "target '\(DisplayText.escaped(target))' writes merged String Catalogs "
          + "(\"catalogs\": \"merged\"), which an app cannot read from its bundle; the Xcode phase needs compiled "
          + "tables: remove \"catalogs\": \"merged\""
      }
    }

    /// Where: the target in the project file.
    public var location: SourceLocation {
      switch self {
      case .targetDestination(_, _, let location), .mergedCatalogs(_, let location): return location
      }
    }

    public var description: String { "\(location): \(message)" }
  }

  /// The problems that keep `targets` from being built into their products.
  public static func problems(of project: ProjectFile, targets: [ProjectFile.Target]) -> [Problem] {
    targets.flatMap { target -> [Problem] in
      let location = SourceLocation(path: project.path, position: target.position)
      var problems: [Problem] = []
      if let own = target.destination, own.text != destination {
        problems.append(.targetDestination(target: target.name, destination: own.text, location: location))
      }
      if project.options(for: target).catalogOutput == .merged {
        problems.append(.mergedCatalogs(target: target.name, location: location))
      }
      return problems
    }
  }

  /// The project file's bytes with the destination and (when it has none) the state set, or
  /// `nil` when it says so already.
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - project: What they read as.
  public static func edited(_ bytes: [UInt8], project: ProjectFile) -> [UInt8]? {
    guard let root = try? JSONReader.parse(bytes), let members = root.members else { return nil }
    var splices: [(range: Range<Int>, text: String)] = []
    let destinationMember = members.last { $0.key == "destination" }
    if project.destination?.text != destination {
      if let member = destinationMember, let range = stringRange(member.value, in: bytes) {
        splices.append((range, quoted(destination)))
      } else {
        splices.append(insertion(key: "destination", value: destination, members: members, bytes: bytes))
      }
    }
    if project.state == nil {
      splices.append(insertion(key: "state", value: state, members: members, bytes: bytes))
    }
    guard !splices.isEmpty else { return nil }
    var output: [UInt8] = []
    var cursor = 0
    // Two members added after `"base"` keep their order.
    let ordered = splices.enumerated().sorted {
      ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
    }
    for splice in ordered.map(\.element) {
      output += bytes[cursor..<splice.range.lowerBound]
      output += Array(splice.text.utf8)
      cursor = splice.range.upperBound
    }
    return output + bytes[cursor...]
  }

  // MARK: - Private

  /// A new member after `"base"` (or after the opening brace): `,\n  "key": "value"` in the
  /// file's own indentation.
  private static func insertion(key: String, value: String, members: [JSONMember], bytes: [UInt8])
    -> (range: Range<Int>, text: String)
  {
    let anchor = members.first { $0.key == "base" } ?? members.first
    guard let anchor, let valueRange = stringRange(anchor.value, in: bytes) else {
      // An empty object cannot be a project file; the reader has refused it already.
      return (0..<0, "")
    }
    let keyOffset = offset(of: anchor.keyPosition, in: bytes)
    var lineStart = keyOffset
    while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
    let indent =
      bytes[lineStart..<keyOffset].allSatisfy { $0 == 0x20 || $0 == 0x09 }
      ? String(decoding: bytes[lineStart..<keyOffset], as: UTF8.self) : " "
    let separator = lineStart < keyOffset && indent != " " ? "\n" + indent : " "
    return (valueRange.upperBound..<valueRange.upperBound, ",\(separator)\(quoted(key)): \(quoted(value))")
  }

  /// The byte range of a string value, quotes included.
  private static func stringRange(_ node: JSONNode, in bytes: [UInt8]) -> Range<Int>? {
    guard node.string != nil else { return nil }
    let start = offset(of: node.position, in: bytes)
    guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
    var i = start + 1
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "\\") {
        i += 2
        continue
      }
      if bytes[i] == UInt8(ascii: "\"") { return start..<(i + 1) }
      i += 1
    }
    return nil
  }

  /// The byte offset of a line and column (columns in Unicode scalars; `\r\n`, `\r` and `\n` end lines).
  private static func offset(of position: TextPosition, in bytes: [UInt8]) -> Int {
    var line = 1
    var i = 0
    while line < position.line, i < bytes.count {
      if bytes[i] == 0x0D {
        line += 1
        if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
      } else if bytes[i] == 0x0A {
        line += 1
      }
      i += 1
    }
    var column = 1
    while column < position.column, i < bytes.count {
      i += 1
      while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
      column += 1
    }
    return i
  }

  /// A JSON string literal (the values here are plain ASCII).
  private static func quoted(_ text: String) -> String {
    "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}
