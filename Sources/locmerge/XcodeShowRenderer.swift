import LayerMerge

/// `xcode show`'s output: a readable page per target, or one JSON document.
struct XcodeShowRenderer {
  var integration: XcodeIntegration
  /// The tool the phase is compared with.
  var tool: LocMergePhase.Tool

  /// The JSON document: `{"project", "objectVersion", "targets": [{"name", "productType",
  /// "phase", "buildPhases", "tables": {"<Table>.strings": {"<lang>": "path"}}, "perTargetCopies",
  /// "interfaces": {"Main.storyboard": ["path", …]}, "sameNamedPhases"}]}`.
  func json() -> String {
    let project = integration.project
    let copies = integration.perTargetCopies
    let targets = project.targets.map { target -> JSONValue in
      .object([
        ("name", .string(target.name)),
        ("productType", target.productType.map(JSONValue.string) ?? .null),
        ("kind", .string(target.kind.rawValue)),
        ("phase", .string(integration.status(of: target, tool: tool).rawValue)),
        ("buildPhases", .array(target.buildPhases.map { .string($0.displayName) })),
        (
          "tables",
          .object(
            target.tables.map { table in
              (table.name, .object(table.files.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
            })
        ),
        ("perTargetCopies", .array((copies[target.name] ?? []).sorted().map(JSONValue.string))),
        (
          "interfaces",
          .object(
            Self.shownInterfaces(target).map { interface in
              (interface.name, .array(interface.files.map(\.path).sorted().map(JSONValue.string)))
            })
        ),
        ("sameNamedPhases", .integer(Self.foreignPhases(of: target, in: project))),
      ])
    }
    let document = JSONValue.object([
      ("project", .string(project.path)),
      ("sourceRoot", .string(project.sourceRoot)),
      ("objectVersion", .integer(project.objectVersion)),
      ("targets", .array(targets)),
    ])
    return document.serialized(indent: 2) + "\n"
  }

  /// The page: the project, then each target with its type, phase, build phases and tables.
  func text() -> String {
    let project = integration.project
    let copies = integration.perTargetCopies
    var text =
      "\(PathText.lastComponent(project.path)): objectVersion \(project.objectVersion), "
      + "\(project.targets.count) target\(project.targets.count == 1 ? "" : "s"); paths relative to "
      + "\(project.sourceRoot)\n"
    if integration.configuration == nil {
      text += "(no \(ProjectFileReader.fileName): 'phase' says only whether a locmerge phase is there)\n"
    }
    for target in project.targets {
      let kind = target.productType.map(Self.shortType) ?? target.kind.rawValue
      // Names and paths come from the project: escaped, so that none can forge a line.
      let status = integration.status(of: target, tool: tool).rawValue
      text += "\n\(DisplayText.escaped(target.name))  (\(DisplayText.escaped(kind)))  locmerge phase: \(status)\n"
      text +=
        "  phases:  "
        + (target.buildPhases.isEmpty
          ? "none" : target.buildPhases.map { DisplayText.escaped($0.displayName) }.joined(separator: ", ")) + "\n"
      let foreign = Self.foreignPhases(of: target, in: project)
      if foreign > 0 {
        text +=
          "  note:    \(foreign == 1 ? "a Run Script phase" : "\(foreign) Run Script phases") named "
          + "'\(LocMergePhase.name)' that locmerge did not write (the script does not start with its marker line): "
          + "the target's own, left alone\n"
      }
      text += interfaceLines(target)
      guard !target.tables.isEmpty else {
        text += "  tables:  none\n"
        continue
      }
      let nameWidth = target.tables.map(\.name.count).max() ?? 0
      let languages = target.tables.map(Self.languages)
      let languageWidth = languages.map(\.count).max() ?? 0
      for (index, table) in target.tables.enumerated() {
        let mark = copies[target.name]?.contains(table.name) == true ? "  *" : ""
        text +=
          (index == 0 ? "  tables:  " : "           ") + Self.padded(DisplayText.escaped(table.name), nameWidth) + "  "
          + Self.padded(DisplayText.escaped(languages[index]), languageWidth) + "  "
          + DisplayText.escaped(Self.paths(table)) + mark + "\n"
      }
    }
    if !copies.isEmpty {
      text +=
        "\n* per-target copy: other targets have this table under different files "
        + "('locmerge extract' makes such copies a base and overlays: docs/migrating.md)\n"
    }
    if project.targets.contains(where: { !Self.shownInterfaces($0).isEmpty }) {
      text +=
        "\ninterface: a localized storyboard, xib or other file that is not a table, with the .strings (or catalog) "
        + "Xcode translates it with; they belong to the interface: locmerge never merges them nor takes them out\n"
    }
    return text
  }

  /// The interfaces of a target, one line each: the interface file and its translations.
  private func interfaceLines(_ target: XcodeProject.Target) -> String {
    var text = ""
    for interface in Self.shownInterfaces(target) {
      let name = interface.interface ?? interface.name
      let main = interface.files.filter { $0.name == name }.map(\.path).sorted()
      let translations = interface.files.filter { $0.name != name }
      let files = Dictionary(
        translations.map { ($0.language ?? "*", $0.path) }, uniquingKeysWith: { first, _ in first })
      var line = "  interface: \(DisplayText.escaped(name))  "
      if !main.isEmpty { line += DisplayText.escaped(main.joined(separator: ", ")) + "  " }
      line +=
        "translated in \(DisplayText.escaped(Self.languages(of: files))): \(DisplayText.escaped(Self.paths(files)))"
      text += line + "\n"
    }
    return text
  }

  /// The interfaces a target copies, their files inside the project, sorted by name.
  private static func shownInterfaces(_ target: XcodeProject.Target) -> [XcodeProject.LocalizedSource] {
    target.interfaces.compactMap { interface in
      var interface = interface
      interface.files = interface.files.filter { !$0.isOutsideProject }
      return interface.files.isEmpty ? nil : interface
    }.sorted { $0.name < $1.name }
  }

  /// How many Run Script phases of the target have the phase's name but not its marker line.
  private static func foreignPhases(of target: XcodeProject.Target, in project: XcodeProject) -> Int {
    XcodeProjectEditor.foreignPhases(named: LocMergePhase.name, in: target, project: project).count
  }

  // MARK: - Private

  /// `application` for `com.apple.product-type.application`.
  private static func shortType(_ type: String) -> String {
    type.hasPrefix("com.apple.product-type.") ? String(type.dropFirst("com.apple.product-type.".count)) : type
  }

  /// The languages of a table, or how many when they are many.
  static func languages(_ table: XcodeProject.LocalizedTable) -> String {
    table.isCatalog ? "catalog" : languages(of: table.files)
  }

  /// The languages of files by language, or how many when they are many.
  private static func languages(of files: [String: String]) -> String {
    let sorted = files.keys.sorted()
    return sorted.count <= 6 ? sorted.joined(separator: " ") : "\(sorted.count) languages"
  }

  /// The files of a table in one line: `Acme/*.lproj/Localizable.strings` when they differ only
  /// by their language folder, else the first and how many more.
  static func paths(_ table: XcodeProject.LocalizedTable) -> String {
    paths(table.files)
  }

  /// Files by language in one line, as ``paths(_:)-swift.method`` shows a table's.
  private static func paths(_ byLanguage: [String: String]) -> String {
    let files = byLanguage.sorted { $0.key < $1.key }
    guard files.count > 1 else { return files.first?.value ?? "" }
    let patterns = Set(
      files.map { language, path in
        path.replacing("/\(language).lproj/", with: "/*.lproj/").replacing("\(language).lproj/", with: "*.lproj/")
      })
    if patterns.count == 1, let pattern = patterns.first { return pattern }
    return "\(files[0].value) and \(files.count - 1) more"
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
