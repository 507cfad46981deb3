/// Short names for layers that stay unique: each folder's last component, or as many trailing
/// components as it takes to tell apart folders whose last components are the same
/// (`Brands/Acme` and `Targets/Acme`, not two layers called `Acme`).
package enum LayerNaming {
  /// A name for every path; equal paths get equal names.
  /// - Parameter paths: Layer folders, as written.
  /// - Returns: The name of each path, by path.
  package static func uniqueNames(for paths: [String]) -> [String: String] {
    let distinct = Array(Set(paths.map(trimmed)))
    let components = Dictionary(uniqueKeysWithValues: distinct.map { ($0, $0.split(separator: "/").map(String.init)) })
    var names: [String: String] = [:]
    for path in distinct {
      let own = components[path] ?? []
      var count = 1
      // Lengthen the suffix while another folder ends the same way (and this one has components left).
      while count < own.count,
        distinct.contains(where: { other in
          other != path && (components[other] ?? []).suffix(count) == own.suffix(count)
        })
      {
        count += 1
      }
      names[path] = own.isEmpty ? path : own.suffix(count).joined(separator: "/")
    }
    var result: [String: String] = [:]
    for path in paths { result[path] = names[trimmed(path)] }
    return result
  }

  private static func trimmed(_ path: String) -> String {
    var result = Substring(path)
    while result.count > 1 && result.hasSuffix("/") { result = result.dropLast() }
    while result.hasPrefix("./") { result = result.dropFirst(2) }
    return String(result)
  }
}
