/// Writes a ``ProjectFile`` as `locmerge.json` text that ``ProjectFileReader`` reads back to the
/// same project: paths relative to the file's folder, one line per target, settings only where
/// they differ from the defaults.
///
///     {
///       "base": "Localization/Base",
///       "destination": "$(DERIVED_FILE_DIR)/LocMerge",
///       "targets": {
///         "AcmeLite": {"layers": ["Localization/Targets/AcmeLite"]},
///         "AcmePro": {"layers": ["Localization/Targets/AcmePro"]}
///       }
///     }
public enum ProjectFileWriter {
  /// The project file's text, ending in a newline.
  /// - Parameter project: The project; its ``ProjectFile/folder`` is where relative paths start.
  public static func text(for project: ProjectFile) -> String {
    var members: [(String, String)] = [
      ("base", JSONValue.string(relative(project.base.path, to: project.folder)).serialized())
    ]
    if let destination = project.destination {
      members.append(("destination", JSONValue.string(destination.text).serialized()))
    }
    if let state = project.state {
      members.append(("state", JSONValue.string(state.text).serialized()))
    }
    let named = namedPaths(project)
    let targets = project.targets.map { target in
      "    " + JSONValue.string(target.name).serialized() + ": "
        + targetValue(target, folder: project.folder, named: named).serialized()
    }
    members.append(("targets", "{\n" + targets.joined(separator: ",\n") + "\n  }"))
    if let language = project.options.developmentLanguage {
      members.append(("developmentLanguage", JSONValue.string(language).serialized()))
    }
    let rules = project.options.rules.levels.sorted { $0.key.rawValue < $1.key.rawValue }
    if !rules.isEmpty {
      members.append(
        ("rules", JSONValue.object(rules.map { ($0.key.rawValue, .string($0.value.rawValue)) }).serialized()))
    }
    if !project.options.exclude.isEmpty {
      members.append(("exclude", JSONValue.array(project.options.exclude.map { .string($0.pattern) }).serialized()))
    }
    if project.options.catalogOutput != .compiled {
      members.append(("catalogs", JSONValue.string(project.options.catalogOutput.rawValue).serialized()))
    }
    if project.fileLists != .default {
      members.append(
        (
          "fileLists",
          JSONValue.object([
            ("inputs", .string(project.fileLists.inputs.text)), ("outputs", .string(project.fileLists.outputs.text)),
          ]).serialized()
        ))
    }
    if !project.options.baseline.isEmpty {
      let entries = project.options.baseline.map { known in
        var fields: [(String, JSONValue)] = [
          ("rule", .string(known.code.rawValue)), ("file", .string(relative(known.file, to: project.folder))),
          ("key", .string(known.key)),
        ]
        if let language = known.language { fields.append(("language", .string(language))) }
        fields.append(("value", .string(known.value)))
        return "    " + JSONValue.object(fields).serialized()
      }
      members.append(("baseline", "[\n" + entries.joined(separator: ",\n") + "\n  ]"))
    }
    if !project.lookups.isEmpty {
      let helpers = project.lookups.map { "    " + helperValue($0).serialized() }
      members.append(("lookups", "[\n" + helpers.joined(separator: ",\n") + "\n  ]"))
    }
    let lines = members.map { "  " + JSONValue.string($0.0).serialized() + ": " + $0.1 }
    return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }

  // MARK: - Private

  /// The folders whose layers are written with their names: those the reader would name
  /// otherwise. It names a folder after its last component, or more of its path where folders
  /// share a name — counting the names written — so the layers are named as the reader would,
  /// and the names that differ are written, until none differs.
  private static func namedPaths(_ project: ProjectFile) -> Set<String> {
    let layers = [project.base] + project.targets.flatMap(\.overlays)
    var named: Set<String> = []
    for _ in layers.indices {
      let asRead = Layer.uniquelyNamed(
        layers.enumerated().map { index, layer in
          index > 0 && named.contains(layer.path) ? layer : Layer(path: layer.path)
        })
      let differing = zip(layers, asRead).dropFirst().filter { $0.0.name != $0.1.name }.map(\.0.path)
      guard !named.isSuperset(of: differing) else { break }
      named.formUnion(differing)
    }
    return named
  }

  private static func targetValue(_ target: ProjectFile.Target, folder: String, named: Set<String>) -> JSONValue {
    let layers = target.overlays.map { layer -> JSONValue in
      let path = relative(layer.path, to: folder)
      guard named.contains(layer.path) else { return .string(path) }
      return .object([("name", .string(layer.name)), ("path", .string(path))])
    }
    var members: [(String, JSONValue)] = [("layers", .array(layers))]
    if let destination = target.destination { members.append(("destination", .string(destination.text))) }
    if let catalogs = target.catalogOutput { members.append(("catalogs", .string(catalogs.rawValue))) }
    if let state = target.state { members.append(("state", .string(state.text))) }
    if let sources = target.sources { members.append(("sources", .array(sources.map { .string($0.pattern) }))) }
    return .object(members)
  }

  /// A lookup helper as `"lookups"` holds it.
  private static func helperValue(_ helper: LookupHelper) -> JSONValue {
    func argument(_ argument: LookupHelper.Argument) -> JSONValue {
      switch argument {
      case .label(let label): return .string(label)
      case .position(let position): return .integer(position)
      }
    }
    switch helper.form {
    case .call(let name, let key, let table):
      var members: [(String, JSONValue)] = [("call", .string(name)), ("key", argument(key))]
      if let table { members.append(("table", argument(table))) }
      if let defaultTable = helper.defaultTable { members.append(("defaultTable", .string(defaultTable))) }
      return .object(members)
    case .property(let name):
      return .object([("property", .string(name))] + (helper.defaultTable.map { [("table", .string($0))] } ?? []))
    }
  }

  /// `path` relative to `folder` when it lies inside it, else as it is. After more than one slash
  /// (`folder//Brands`), what follows the folder would read as an absolute path, outside it: an
  /// absolute path then stays as it is (it reads back the same), a relative one loses the slashes.
  private static func relative(_ path: String, to folder: String) -> String {
    let prefix = folder == "." || folder.isEmpty ? "./" : folder.hasSuffix("/") ? folder : folder + "/"
    guard path.hasPrefix(prefix) else { return path }
    let rest = path.dropFirst(prefix.count)
    guard rest.hasPrefix("/") else { return String(rest) }
    return path.hasPrefix("/") ? path : String(rest.drop { $0 == "/" })
  }
}
