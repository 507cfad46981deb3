/// Everything besides the input files that shapes a run's outputs: a run whose configuration
/// differs from the last one is never taken as up to date.
public struct BuildConfiguration: Hashable, Sendable {
  /// The tool and its version (`"locmerge 0.1.0"`): a new version may write other bytes.
  public var tool: String
  /// The layers, lowest first, as given.
  public var layers: [Layer]
  /// Named options that change what is written, such as the paths of file lists
  /// (`"depfile": "build/locmerge.d"`).
  public var settings: [String: String]

  /// Creates a configuration.
  /// - Parameters:
  ///   - tool: The tool and its version.
  ///   - layers: The layers, lowest first.
  ///   - settings: Options that change what is written, by name.
  public init(tool: String, layers: [Layer], settings: [String: String] = [:]) {
    self.tool = tool
    self.layers = layers
    self.settings = settings
  }

  var json: JSONValue {
    .object([
      ("tool", .string(tool)),
      ("layers", .array(layers.map { .object([("name", .string($0.name)), ("path", .string($0.path))]) })),
      ("settings", .object(settings.keys.sorted().map { ($0, .string(settings[$0] ?? "")) })),
    ])
  }

  init?(json: JSONNode) {
    guard let tool = json["tool"]?.string, let layerNodes = json["layers"]?.elements,
      let settingMembers = json["settings"]?.members
    else { return nil }
    var layers: [Layer] = []
    for node in layerNodes {
      guard let name = node["name"]?.string, let path = node["path"]?.string else { return nil }
      layers.append(Layer(name: name, path: path))
    }
    var settings: [String: String] = [:]
    for member in settingMembers {
      guard let value = member.value.string else { return nil }
      settings[member.key] = value
    }
    self.init(tool: tool, layers: layers, settings: settings)
  }
}
