/// Reads `locmerge.json` into a ``ProjectFile``, reporting every problem at once with its line and
/// column: invalid JSON, unknown keys (with the nearest known one), wrong types, repeated keys,
/// unknown rule codes and levels.
public enum ProjectFileReader {
  /// The file name looked for in the current folder, then in `$SRCROOT`.
  public static let fileName = "locmerge.json"

  /// What reading a project file gave.
  public struct Result: Sendable {
    /// The project, when the file has no errors.
    public var project: ProjectFile?
    /// Every problem found, errors and warnings.
    public var diagnostics: [Diagnostic]
  }

  /// A project file found without being named.
  public struct Found: Hashable, Sendable {
    /// The file's path.
    public var path: String
    /// Whether it was found in a folder above the one looked in first (then say so: the user
    /// may not know which file a run uses).
    public var isInParentFolder: Bool
  }

  /// The project file to use when none is named: `locmerge.json` in `directory`, else in
  /// `$SRCROOT`, else in the nearest folder above `directory` that has one (as git finds `.git`).
  /// - Parameters:
  ///   - directory: The folder to look in first (the current folder).
  ///   - environment: Where `SRCROOT` comes from.
  /// - Returns: The file's path, or `nil` if no folder has one.
  public static func locate(from directory: String, environment: [String: String]) -> String? {
    find(from: directory, environment: environment)?.path
  }

  /// ``locate(from:environment:)``, saying whether the file is in a folder above `directory`.
  public static func find(from directory: String, environment: [String: String]) -> Found? {
    let candidates = [directory] + (environment["SRCROOT"].flatMap { $0.isEmpty ? nil : [$0] } ?? [])
    if let path = candidates.map({ PathText.join($0, fileName) }).first(where: { FileBytes.size($0) != nil }) {
      return Found(path: path, isInParentFolder: false)
    }
    var folder = PathText.absolute(directory)
    while folder != "/" {
      folder = PathText.parent(folder)
      let path = PathText.join(folder, fileName)
      if FileBytes.size(path) != nil { return Found(path: path, isInParentFolder: true) }
    }
    return nil
  }

  /// Reads and checks a project file.
  /// - Parameter path: The file's path; relative paths inside it are taken from its folder.
  public static func read(path: String) -> Result {
    guard let bytes = FileBytes.read(path) else {
      return Result(
        project: nil,
        diagnostics: [
          Diagnostic(
            .error, .projectFile, "cannot read the project file: \(PathText.systemErrorDescription())",
            at: SourceLocation(path: path))
        ])
    }
    return parse(bytes, path: path)
  }

  /// Checks the bytes of a project file.
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The file's path, for diagnostics and relative paths.
  public static func parse(_ bytes: [UInt8], path: String) -> Result {
    let root: JSONNode
    do {
      root = try JSONReader.parse(bytes, allowsTrailingCommas: false)
    } catch {
      return Result(
        project: nil,
        diagnostics: [
          Diagnostic(.error, .projectFile, error.message, at: SourceLocation(path: path, position: error.position))
        ])
    }
    var checker = Checker(path: path)
    let project = checker.project(root)
    return Result(project: checker.diagnostics.containsErrors ? nil : project, diagnostics: checker.diagnostics)
  }
}

// MARK: - Private

private struct Checker {
  let path: String
  let folder: String
  var diagnostics: [Diagnostic] = []

  init(path: String) {
    self.path = path
    self.folder = PathText.parent(path).isEmpty ? "." : PathText.parent(path)
  }

  static let topLevelKeys = [
    "$schema", "base", "destination", "targets", "developmentLanguage", "rules", "exclude", "catalogs", "fileLists",
    "state", "reporter", "baseline", "lookups",
  ]
  static let targetKeys = ["layers", "destination", "catalogs", "state", "sources"]
  static let layerKeys = ["path", "name"]
  static let fileListKeys = ["inputs", "outputs"]
  static let knownErrorKeys = ["rule", "file", "key", "language", "value"]

  mutating func project(_ root: JSONNode) -> ProjectFile? {
    guard let members = object(root, named: "the project file") else { return nil }
    let fields = knownMembers(members, allowed: Self.topLevelKeys, in: "the project file")
    var basePath: String?
    if let node = fields["base"] {
      basePath = nonEmptyString(node, named: "base")
    } else {
      report("the project file needs \"base\": the folder of the shared translations", at: root.position)
    }
    let destination = fields["destination"].flatMap { template($0, named: "destination") }
    let state = fields["state"].flatMap { template($0, named: "state") }
    var targetEntries: [(name: String, position: TextPosition, node: JSONNode)] = []
    if let node = fields["targets"] {
      if let targets = object(node, named: "targets") {
        targetEntries = uniqueMembers(targets, in: "targets").filter { member in
          // A name becomes one folder of a path through {target}, and is printed.
          guard let problem = FolderName.problem(member.key) else { return true }
          report(
            "the target name \(DisplayText.quoted(member.key)) \(problem); {target} puts the name in paths as one "
              + "folder", at: member.keyPosition)
          return false
        }.map { ($0.key, $0.keyPosition, $0.value) }
        if targets.isEmpty {
          report("\"targets\" is empty; name at least one target and its layers", at: node.position)
        }
      }
    } else {
      report("the project file needs \"targets\": each target's layers above the base", at: root.position)
    }
    let developmentLanguage = fields["developmentLanguage"].flatMap { nonEmptyString($0, named: "developmentLanguage") }
    var rules = CheckRules()
    if let node = fields["rules"] { rules = self.rules(node) }
    var exclude: [PathGlob] = []
    if let node = fields["exclude"] { exclude = strings(node, named: "exclude").map(PathGlob.init) }
    let catalogOutput = fields["catalogs"].flatMap { self.catalogOutput($0) } ?? .compiled
    let reporter = fields["reporter"].flatMap { self.reporter($0) }
    let baseline = fields["baseline"].map { self.baseline($0) } ?? []
    var fileLists = ProjectFile.FileLists.default
    if let node = fields["fileLists"], let lists = self.fileLists(node, targetCount: targetEntries.count) {
      fileLists = lists
    }

    var targets: [(name: String, position: TextPosition, layers: [Layer], settings: TargetSettings)] = []
    for entry in targetEntries {
      guard let (layers, settings) = target(entry.node, name: entry.name) else { continue }
      targets.append((entry.name, entry.position, layers.map { layer($0.0, $0.1) }, settings))
    }
    let lookups = fields["lookups"].map { self.lookups($0) } ?? []
    guard let basePath else { return nil }
    // Folders that share a name (Brands/Acme, Targets/Acme) are named alike in every target.
    let named = Layer.uniquelyNamed([layer(nil, basePath)] + targets.flatMap(\.layers))
    let nameByPath = Dictionary(named.map { ($0.path, $0.name) }, uniquingKeysWith: { first, _ in first })
    func renamed(_ layer: Layer) -> Layer { Layer(name: nameByPath[layer.path] ?? layer.name, path: layer.path) }
    var project = ProjectFile(
      path: path, base: renamed(layer(nil, basePath)), destination: destination,
      targets: targets.map { target in
        ProjectFile.Target(
          name: target.name, overlays: target.layers.map(renamed), destination: target.settings.destination,
          position: target.position, catalogOutput: target.settings.catalogs, state: target.settings.state,
          sources: target.settings.sources)
      },
      options: MergeOptions(
        developmentLanguage: developmentLanguage, rules: rules, exclude: exclude, catalogOutput: catalogOutput,
        baseline: baseline),
      fileLists: fileLists, state: state, reporter: reporter)
    project.basePosition = members.first { $0.key == "base" }?.keyPosition
    project.lookups = lookups
    return project
  }

  /// A layer from the project file: its folder resolved against the project's folder.
  func layer(_ name: String?, _ relative: String) -> Layer {
    var relative = Substring(relative)
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    return Layer(name: name, path: PathText.join(folder, String(relative)))
  }

  /// `"compiled"` or `"merged"`.
  mutating func catalogOutput(_ node: JSONNode) -> CatalogOutput? {
    guard let text = nonEmptyString(node, named: "catalogs") else { return nil }
    guard let output = CatalogOutput(rawValue: text) else {
      report("\"catalogs\" must be \"compiled\" or \"merged\", not \(DisplayText.quoted(text))", at: node.position)
      return nil
    }
    return output
  }

  /// `"xcode"`, `"json"`, `"github-actions"` or `"sarif"`.
  mutating func reporter(_ node: JSONNode) -> DiagnosticReporter? {
    guard let text = nonEmptyString(node, named: "reporter") else { return nil }
    guard let reporter = DiagnosticReporter(rawValue: text) else {
      let names = DiagnosticReporter.allCases.map(\.rawValue)
      report(
        "\"reporter\" must be one of \(DiagnosticReporter.names), not \"\(text)\"\(suggestion(for: text, among: names))",
        at: node.position)
      return nil
    }
    return reporter
  }

  /// What a target may set besides its layers.
  struct TargetSettings {
    var destination: PathTemplate?
    var catalogs: CatalogOutput?
    var state: PathTemplate?
    var sources: [PathGlob]?
  }

  mutating func target(_ node: JSONNode, name: String) -> (layers: [(String?, String)], settings: TargetSettings)? {
    let description = "target \(DisplayText.quoted(name))"
    guard let members = object(node, named: description) else { return nil }
    let fields = knownMembers(members, allowed: Self.targetKeys, in: description)
    let settings = TargetSettings(
      destination: fields["destination"].flatMap { template($0, named: "destination") },
      catalogs: fields["catalogs"].flatMap { catalogOutput($0) },
      state: fields["state"].flatMap { template($0, named: "state") },
      sources: fields["sources"].map { sourcePatterns($0) })
    guard let layersNode = fields["layers"] else {
      report("\(description) needs \"layers\": its overlays above the base, lowest first", at: node.position)
      return nil
    }
    guard let elements = layersNode.elements else {
      report(
        "\"layers\" of \(description) must be an array of folders, not \(layersNode.kindDescription)",
        at: layersNode.position)
      return nil
    }
    var layers: [(String?, String)] = []
    for element in elements {
      if let text = element.string {
        if text.isEmpty {
          report("a layer's folder must not be empty", at: element.position)
        } else {
          layers.append((nil, text))
        }
      } else if let layerMembers = element.members {
        let layerFields = knownMembers(layerMembers, allowed: Self.layerKeys, in: "a layer")
        let name = layerFields["name"].flatMap { nonEmptyString($0, named: "name") }
        if let pathNode = layerFields["path"] {
          if let path = nonEmptyString(pathNode, named: "path") { layers.append((name, path)) }
        } else {
          report("a layer object needs \"path\"", at: element.position)
        }
      } else {
        report(
          "a layer must be a folder path or {\"name\": …, \"path\": …}, not \(element.kindDescription)",
          at: element.position)
      }
    }
    return (layers, settings)
  }

  mutating func rules(_ node: JSONNode) -> CheckRules {
    var rules = CheckRules()
    guard let members = object(node, named: "rules") else { return rules }
    let codes = DiagnosticCode.allCases.map(\.rawValue)
    for member in uniqueMembers(members, in: "rules") {
      guard let code = DiagnosticCode(rawValue: member.key) else {
        report(
          "unknown rule \(DisplayText.quoted(member.key))\(suggestion(for: member.key, among: codes))",
          at: member.keyPosition)
        continue
      }
      guard let text = member.value.string, let level = RuleLevel(rawValue: text) else {
        let written = member.value.string.map { DisplayText.quoted($0) } ?? member.value.kindDescription
        report(
          "the level of \(DisplayText.quoted(member.key)) must be \"error\", \"warning\" or \"off\", not \(written)",
          at: member.value.position)
        continue
      }
      do {
        try rules.set(level, for: code)
      } catch {
        report(error.description, at: member.value.position)
      }
    }
    return rules
  }

  /// `[{"rule": CODE, "file": PATH, "key": KEY, "language": LANG, "value": VALUE}]`: values kept
  /// although a check reports them (``KnownError``); the file relative to the project's folder.
  mutating func baseline(_ node: JSONNode) -> [KnownError] {
    guard let elements = node.elements else {
      report("\"baseline\" must be an array of known errors, not \(node.kindDescription)", at: node.position)
      return []
    }
    let codes = DiagnosticCode.allCases.map(\.rawValue)
    return elements.compactMap { element -> KnownError? in
      guard let members = object(element, named: "a known error of \"baseline\"") else { return nil }
      let fields = knownMembers(members, allowed: Self.knownErrorKeys, in: "a known error")
      for key in ["rule", "file", "key", "value"] where fields[key] == nil {
        report("a known error needs \"\(key)\"", at: element.position)
        return nil
      }
      guard let ruleNode = fields["rule"], let rule = nonEmptyString(ruleNode, named: "rule"),
        let fileNode = fields["file"], let file = nonEmptyString(fileNode, named: "file"),
        let key = fields["key"]?.string, let value = fields["value"]?.string
      else {
        for name in ["key", "value"] where fields[name]?.string == nil {
          report("\"\(name)\" must be a string", at: fields[name]?.position ?? element.position)
        }
        return nil
      }
      guard let code = DiagnosticCode(rawValue: rule) else {
        report("unknown rule \(DisplayText.quoted(rule))\(suggestion(for: rule, among: codes))", at: ruleNode.position)
        return nil
      }
      let language = fields["language"].flatMap { nonEmptyString($0, named: "language") }
      return KnownError(code: code, file: self.layer(nil, file).path, key: key, language: language, value: value)
    }
  }

  mutating func fileLists(_ node: JSONNode, targetCount: Int) -> ProjectFile.FileLists? {
    guard let members = object(node, named: "fileLists") else { return nil }
    let fields = knownMembers(members, allowed: Self.fileListKeys, in: "fileLists")
    var lists = ProjectFile.FileLists.default
    for key in Self.fileListKeys {
      guard let valueNode = fields[key], let template = template(valueNode, named: key) else { continue }
      if targetCount > 1 && !template.text.contains("{target}") {
        report("\"\(key)\" must contain {target}, or every target would write the same list", at: valueNode.position)
      }
      if key == "inputs" { lists.inputs = template } else { lists.outputs = template }
    }
    return lists
  }

  // MARK: Usage (issue 32)

  static let lookupKeys = ["call", "property", "key", "table", "defaultTable"]

  /// A target's `"sources"`: patterns of paths inside the project folder (`App/**/*.swift`).
  mutating func sourcePatterns(_ node: JSONNode) -> [PathGlob] {
    guard let elements = node.elements else {
      report("\"sources\" must be an array of path patterns, not \(node.kindDescription)", at: node.position)
      return []
    }
    return elements.compactMap { element -> PathGlob? in
      guard let text = nonEmptyString(element, named: "sources") else { return nil }
      // The code read is the project's: a pattern that leaves its folder would read anything.
      let components = text.split(separator: "/", omittingEmptySubsequences: true)
      if text.hasPrefix("/") || text.hasPrefix("~") || components.contains("..") {
        report(
          "a pattern of \"sources\" is a path inside the project folder, without '..': \(DisplayText.quoted(text))",
          at: element.position)
        return nil
      }
      return PathGlob(text)
    }
  }

  /// `"lookups"`: the project's own lookup functions (`{"call": "L10n.tr", "key": 1, "table": 0}`)
  /// and string properties (`{"property": "localized"}`).
  mutating func lookups(_ node: JSONNode) -> [LookupHelper] {
    guard let elements = node.elements else {
      report("\"lookups\" must be an array of lookup helpers, not \(node.kindDescription)", at: node.position)
      return []
    }
    return elements.compactMap { element -> LookupHelper? in
      guard let members = object(element, named: "a helper of \"lookups\"") else { return nil }
      let fields = knownMembers(members, allowed: Self.lookupKeys, in: "a lookup helper")
      switch (fields["call"], fields["property"]) {
      case (let call?, nil):
        guard let name = helperName(call, named: "call") else { return nil }
        guard let keyNode = fields["key"] else {
          report("a \"call\" helper needs \"key\": the argument's label, or its position from 0", at: element.position)
          return nil
        }
        guard let key = argument(keyNode, named: "key") else { return nil }
        let table = fields["table"].flatMap { argument($0, named: "table") }
        if fields["table"] != nil && table == nil { return nil }
        let defaultTable = fields["defaultTable"].flatMap { nonEmptyString($0, named: "defaultTable") }
        return LookupHelper(form: .call(name: name, key: key, table: table), defaultTable: defaultTable)
      case (nil, let property?):
        guard let name = helperName(property, named: "property") else { return nil }
        for key in ["key", "defaultTable"] where fields[key] != nil {
          report(
            "a \"property\" helper takes no \"\(key)\": the key is the string it is on, and \"table\" names its table",
            at: members.first { $0.key == key }?.keyPosition ?? element.position)
        }
        let table = fields["table"].flatMap { nonEmptyString($0, named: "table") }
        return LookupHelper(form: .property(name: name), defaultTable: table)
      case (.some, .some):
        report("a lookup helper is a \"call\" or a \"property\", not both", at: element.position)
        return nil
      case (nil, nil):
        report(
          "a lookup helper needs \"call\" (a function or method name) or \"property\" (a property of string literals)",
          at: element.position)
        return nil
      }
    }
  }

  /// A helper's name: identifiers joined by dots (`L10n.tr`, `localized`).
  mutating func helperName(_ node: JSONNode, named name: String) -> String? {
    guard let text = nonEmptyString(node, named: name) else { return nil }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let isIdentifier = parts.allSatisfy { part in
      guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
      return part.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
    guard isIdentifier else {
      report(
        "\"\(name)\" must be a name such as \"localized\" or \"L10n.tr\", not \(DisplayText.quoted(text))",
        at: node.position)
      return nil
    }
    return text
  }

  /// An argument of a helper call: its label, or its position among the arguments from 0.
  mutating func argument(_ node: JSONNode, named name: String) -> LookupHelper.Argument? {
    if case .number(let text) = node.value {
      guard let position = Int(text), position >= 0, position < 100 else {
        report("\"\(name)\" must be an argument's position from 0 (0 to 99), not \(text)", at: node.position)
        return nil
      }
      return .position(position)
    }
    guard let label = nonEmptyString(node, named: name) else { return nil }
    return .label(label)
  }

  // MARK: Shapes

  mutating func object(_ node: JSONNode, named name: String) -> [JSONMember]? {
    guard let members = node.members else {
      report("\(name) must be an object, not \(node.kindDescription)", at: node.position)
      return nil
    }
    return members
  }

  mutating func nonEmptyString(_ node: JSONNode, named name: String) -> String? {
    guard let text = node.string else {
      report("\"\(name)\" must be a string, not \(node.kindDescription)", at: node.position)
      return nil
    }
    guard !text.isEmpty else {
      report("\"\(name)\" must not be empty", at: node.position)
      return nil
    }
    return text
  }

  /// A path with `{target}` and build settings; a `$(` that does not close around a setting's
  /// name is an error.
  mutating func template(_ node: JSONNode, named name: String) -> PathTemplate? {
    guard let text = nonEmptyString(node, named: name) else { return nil }
    let template = PathTemplate(text)
    if let problem = template.problem {
      report("\"\(name)\": \(problem)", at: node.position)
      return nil
    }
    return template
  }

  mutating func strings(_ node: JSONNode, named name: String) -> [String] {
    guard let elements = node.elements else {
      report("\"\(name)\" must be an array of strings, not \(node.kindDescription)", at: node.position)
      return []
    }
    return elements.compactMap { element in
      if let text = element.string { return text }
      report("\"\(name)\" must hold strings, not \(element.kindDescription)", at: element.position)
      return nil
    }
  }

  /// The members whose keys are allowed, by key; reports unknown and repeated keys.
  mutating func knownMembers(_ members: [JSONMember], allowed: [String], in context: String) -> [String: JSONNode] {
    var fields: [String: JSONNode] = [:]
    for member in uniqueMembers(members, in: context) {
      if allowed.contains(member.key) {
        fields[member.key] = member.value
      } else {
        report(
          "unknown key \(DisplayText.quoted(member.key)) in \(context)\(suggestion(for: member.key, among: allowed))",
          at: member.keyPosition)
      }
    }
    return fields
  }

  /// The members, first occurrence of each key; reports the repeats.
  mutating func uniqueMembers(_ members: [JSONMember], in context: String) -> [JSONMember] {
    var seen: Set<[UInt8]> = []
    return members.filter { member in
      if seen.insert(Array(member.key.utf8)).inserted { return true }
      report("\(DisplayText.quoted(member.key)) is given twice in \(context)", at: member.keyPosition)
      return false
    }
  }

  func suggestion(for word: String, among candidates: [String]) -> String {
    // Bounded: a 10 MB key is compared in time linear in its length, not times each candidate's.
    let limit = max(2, word.count / 3)
    let scored = candidates.map { ($0, EditDistance.between(word.lowercased(), $0.lowercased(), limit: limit)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return "" }
    return "; did you mean \"\(best.0)\"?"
  }

  mutating func report(_ message: String, at position: TextPosition) {
    diagnostics.append(Diagnostic(.error, .projectFile, message, at: SourceLocation(path: path, position: position)))
  }
}
