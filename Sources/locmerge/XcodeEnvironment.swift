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
  /// the path lies under one.
  func declarationLine(for path: String) -> String {
    for setting in ["DERIVED_FILE_DIR", "TARGET_TEMP_DIR", "BUILT_PRODUCTS_DIR", "SRCROOT"] {
      if let root = environment[setting].map(DestinationSafety.canonicalPath), path.hasPrefix(root + "/") {
        return "$(\(setting))/" + path.dropFirst(root.count + 1)
      }
    }
    return path
  }

  /// Replaces `$(NAME)`, `${NAME}` and `$NAME` with environment values, as Xcode does in file lists.
  func expand(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      rest = rest[rest.index(after: dollar)...]
      let close: Character? = rest.first == "(" ? ")" : rest.first == "{" ? "}" : nil
      if let close, let end = rest.firstIndex(of: close) {
        let name = String(rest[rest.index(after: rest.startIndex)..<end])
        result += environment[name] ?? ""
        rest = rest[rest.index(after: end)...]
      } else {
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        result += name.isEmpty ? "$" : environment[String(name)] ?? ""
        rest = rest.dropFirst(name.count)
      }
    }
    return result + rest
  }
}
