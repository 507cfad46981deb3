extension Layer {
  /// The layers with names that tell them apart: layers that share a name but not a folder
  /// (`Brands/Acme`, `Targets/Acme`) are named by the shortest end of their paths that differs.
  /// - Parameter layers: Layers in any order; the same folder may appear more than once.
  /// - Returns: The layers in the same order, renamed where needed.
  public static func uniquelyNamed(_ layers: [Layer]) -> [Layer] {
    var pathsByName: [String: Set<String>] = [:]
    for layer in layers { pathsByName[layer.name, default: []].insert(layer.path) }
    var renamed: [String: String] = [:]  // path -> name
    for (_, paths) in pathsByName where paths.count > 1 {
      let split = paths.map { path in (path, path.split(separator: "/").map(String.init).filter { $0 != "." }) }
      for (path, components) in split {
        var length = 1
        while length < components.count {
          let suffix = components.suffix(length)
          let clashes = split.contains { other in other.0 != path && other.1.suffix(length) == suffix }
          if !clashes { break }
          length += 1
        }
        renamed[path] = length >= components.count ? path : components.suffix(length).joined(separator: "/")
      }
    }
    return layers.map { layer in
      guard pathsByName[layer.name].map({ $0.count > 1 }) == true, let name = renamed[layer.path] else { return layer }
      return Layer(name: name, path: layer.path)
    }
  }
}
