import LayerMerge

/// What an Xcode Run Script phase tells the script about itself through the environment.
struct XcodeEnvironment {
  var environment: [String: String]

  /// Whether the tool runs inside a Run Script phase.
  var isScriptPhase: Bool {
    environment["SCRIPT_OUTPUT_FILE_COUNT"] != nil || environment["SCRIPT_OUTPUT_FILE_LIST_COUNT"] != nil
  }

  /// The output files the phase declares, directly or through `.xcfilelist`s, canonicalised.
  var declaredOutputs: Set<String> {
    var paths: [String] = []
    for index in 0..<(Int(environment["SCRIPT_OUTPUT_FILE_COUNT"] ?? "") ?? 0) {
      if let path = environment["SCRIPT_OUTPUT_FILE_\(index)"] { paths.append(path) }
    }
    for index in 0..<(Int(environment["SCRIPT_OUTPUT_FILE_LIST_COUNT"] ?? "") ?? 0) {
      guard let list = environment["SCRIPT_OUTPUT_FILE_LIST_\(index)"], let bytes = FileBytes.read(list) else {
        continue
      }
      for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
        let entry = line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        if !entry.isEmpty && entry.first != "#" { paths.append(expand(String(entry))) }
      }
    }
    return Set(paths.map(DestinationSafety.canonicalPath))
  }

  /// The line to add to the phase's Output Files for a path: relative to a build setting when
  /// the path lies under one (the most specific one).
  func declarationLine(for path: String) -> String {
    var best: (name: String, root: String)?
    for setting in BuildManifest.symbolicSettings {
      guard let root = environment[setting].map(DestinationSafety.canonicalPath), path.hasPrefix(root + "/") else {
        continue
      }
      if best == nil || root.utf8.count > (best?.root.utf8.count ?? 0) { best = (setting, root) }
    }
    guard let best else { return path }
    return "$(\(best.name))/" + path.dropFirst(best.root.count + 1)
  }

  /// Replaces `$(NAME)`, `${NAME}` and `$NAME` with environment values, as Xcode does in file lists.
  func expand(_ text: String) -> String {
    var result = ""
    for part in references(in: text) {
      switch part {
      case .text(let text): result += text
      case .setting(let name): result += environment[name] ?? ""
      }
    }
    return result
  }

  /// The build settings `text` refers to that the environment does not set.
  func unsetSettings(in text: String) -> [String] {
    references(in: text).compactMap { part in
      guard case .setting(let name) = part, environment[name] == nil else { return nil }
      return name
    }
  }

  // MARK: - Private

  private enum Part {
    case text(Substring)
    case setting(String)
  }

  private func references(in text: String) -> [Part] {
    var parts: [Part] = []
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      parts.append(.text(rest[..<dollar]))
      rest = rest[rest.index(after: dollar)...]
      let close: Character? = rest.first == "(" ? ")" : rest.first == "{" ? "}" : nil
      if let close, let end = rest.firstIndex(of: close) {
        parts.append(.setting(String(rest[rest.index(after: rest.startIndex)..<end])))
        rest = rest[rest.index(after: end)...]
      } else {
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        parts.append(name.isEmpty ? .text("$") : .setting(String(name)))
        rest = rest.dropFirst(name.count)
      }
    }
    parts.append(.text(rest))
    return parts
  }
}
