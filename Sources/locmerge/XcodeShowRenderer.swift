import LayerMerge

/// `xcode show`'s output: a readable page per target, or one JSON document.
struct XcodeShowRenderer {
  var integration: XcodeIntegration
  /// The tool the phase is compared with.
  var tool: LocMergePhase.Tool

  /// The JSON document: `{"project", "objectVersion", "targets": [{"name", "productType",
  /// "phase", "buildPhases", "tables": {"<Table>.strings": {"<lang>": "path"}}, "copies"}]}`.
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
    return text
  }

  // MARK: - Private

  /// `application` for `com.apple.product-type.application`.
  private static func shortType(_ type: String) -> String {
    type.hasPrefix("com.apple.product-type.") ? String(type.dropFirst("com.apple.product-type.".count)) : type
  }

  /// The languages of a table, or how many when they are many.
  private static func languages(_ table: XcodeProject.LocalizedTable) -> String {
    if table.isCatalog { return "catalog" }
    let sorted = table.files.keys.sorted()
    return sorted.count <= 6 ? sorted.joined(separator: " ") : "\(sorted.count) languages"
  }

  /// The files of a table in one line: `Acme/*.lproj/Localizable.strings` when they differ only
  /// by their language folder, else the first and how many more.
  private static func paths(_ table: XcodeProject.LocalizedTable) -> String {
    let files = table.files.sorted { $0.key < $1.key }
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
