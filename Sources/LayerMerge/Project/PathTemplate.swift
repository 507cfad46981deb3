/// A path written with placeholders, as the project file allows for destinations and file lists:
/// `{target}` for the target's name and Xcode build settings `$(NAME)` or `${NAME}`.
public struct PathTemplate: Hashable, Sendable, CustomStringConvertible {
  /// The template as written.
  public var text: String

  /// Creates a template.
  public init(_ text: String) {
    self.text = text
  }

  /// Why a template could not be expanded: the build settings it uses that the environment lacks.
  public struct UnsetSettings: Error, Hashable, Sendable {
    /// The missing settings' names, in the order they appear.
    public var names: [String]

    /// Creates the error.
    public init(names: [String]) {
      self.names = names
    }
  }

  /// The build settings the template uses, in order.
  public var settings: [String] {
    pieces.compactMap {
      if case .setting(let name) = $0 { return name }
      return nil
    }
  }

  /// The path with `{target}` and every build setting replaced.
  /// - Parameters:
  ///   - target: The value of `{target}`, or `nil` to leave `{target}` as written.
  ///   - environment: Build settings by name (the process environment inside Xcode).
  /// - Returns: The expanded text.
  /// - Throws: ``UnsetSettings`` naming every setting the environment lacks or sets to the empty
  ///   string (`$(DERIVED_FILE_DIR)/LocMerge` must never become `/LocMerge`).
  public func expanded(target: String?, environment: [String: String]) throws(UnsetSettings) -> String {
    var result = ""
    var missing: [String] = []
    for piece in pieces {
      switch piece {
      case .text(let text): result += text
      case .target: result += target ?? "{target}"
      case .setting(let name):
        if let value = environment[name], !value.isEmpty {
          result += value
        } else if !missing.contains(name) {
          missing.append(name)
        }
      }
    }
    guard missing.isEmpty else { throw UnsetSettings(names: missing) }
    return result
  }

  /// The template with `{target}` replaced and build settings kept as written, for file lists that
  /// Xcode expands itself (`$(DERIVED_FILE_DIR)/LocMerge/en.lproj/…`).
  public func replacingTarget(with target: String) -> String {
    pieces.map { piece in
      switch piece {
      case .text(let text): return text
      case .target: return target
      case .setting(let name): return "$(\(name))"
      }
    }.joined()
  }

  public var description: String { text }

  /// Why the template cannot be meant as written, if it cannot: a `$(` or `${` that does not
  /// close around a build setting's name (`$(R1/x` would otherwise become a folder named `$(R1`).
  public var problem: String? {
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      rest = rest[rest.index(after: dollar)...]
      guard let open = rest.first, open == "(" || open == "{" else { continue }
      let close: Character = open == "(" ? ")" : "}"
      let name = rest.dropFirst().prefix { Self.isNameCharacter($0) }
      let after = rest.dropFirst(1 + name.count)
      guard !name.isEmpty, after.first == close else {
        let start = DisplayText.shortened("$" + rest.prefix(1 + name.count + 1))
        return "\(start) is not a build setting: write $(NAME) or ${NAME}, with letters, digits and _ in the "
          + "name and the closing '\(close)'"
      }
      rest = after.dropFirst()
    }
    return nil
  }

  // MARK: - Private

  private static func isNameCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || character == "_")
  }

  private enum Piece {
    case text(String)
    case target
    case setting(String)
  }

  private var pieces: [Piece] {
    var pieces: [Piece] = []
    var literal = ""
    var rest = Substring(text)
    while let first = rest.first {
      if rest.hasPrefix("{target}") {
        pieces.append(.text(literal))
        literal = ""
        pieces.append(.target)
        rest = rest.dropFirst("{target}".count)
        continue
      }
      if first == "$", let open = rest.dropFirst().first, open == "(" || open == "{" {
        let close: Character = open == "(" ? ")" : "}"
        if let end = rest.firstIndex(of: close) {
          let name = rest[rest.index(rest.startIndex, offsetBy: 2)..<end]
          if !name.isEmpty && name.allSatisfy(Self.isNameCharacter) {
            pieces.append(.text(literal))
            literal = ""
            pieces.append(.setting(String(name)))
            rest = rest[rest.index(after: end)...]
            continue
          }
        }
      }
      literal.append(first)
      rest = rest.dropFirst()
    }
    pieces.append(.text(literal))
    return pieces
  }
}
