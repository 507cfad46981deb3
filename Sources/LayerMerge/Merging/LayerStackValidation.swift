#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks, before anything is read, that a stack of layers can be what the user meant.
///
/// A mistyped folder would otherwise merge as an empty layer (and the stale-output cleanup would
/// then empty the destination), an overlay inside the base would be read twice, and the same
/// folder given twice would override itself.
public enum LayerStackValidation {
  /// Every problem with the layers themselves, as errors without a location: a folder that does
  /// not exist, a path that is a file, the same folder twice, a layer inside another, and a
  /// destination that is, contains or lies inside a layer.
  /// - Parameters:
  ///   - layers: The stack, lowest first.
  ///   - destination: The folder the merge writes, if it writes.
  ///   - nesting: Whether a layer may lie inside another (a copy `extract --only-lproj` reads only
  ///     the language folders of), and what to add to the problem when it may not.
  /// - Returns: The problems, empty when the stack is sound.
  public static func problems(_ layers: [Layer], destination: String? = nil, nesting: Nesting = .refused(hint: nil))
    -> [Diagnostic]
  {
    var problems: [Diagnostic] = []
    // Earlier layers by their folder, and by every folder above theirs: each layer is compared
    // with the earlier ones in a few lookups, not one by one (many layers were quadratic).
    var atFolder: [String: (index: Int, layer: Layer)] = [:]
    var aboveFolder: [String: (index: Int, layer: Layer)] = [:]
    for (index, layer) in layers.enumerated() {
      var status = stat()
      guard stat(layer.path, &status) == 0 else {
        problems.append(invalid("layer folder '\(layer.path)' does not exist"))
        continue
      }
      guard status.st_mode & S_IFMT == S_IFDIR else {
        problems.append(
          invalid(
            "layer '\(layer.path)' is a file, not a folder; a layer is a folder that holds <lang>.lproj folders"))
        continue
      }
      let resolved = LayerScanner.resolvedPath(layer.path) ?? layer.path
      let ancestors = Self.ancestors(of: resolved)
      var found: [(index: Int, message: String)] = []
      if let earlier = atFolder[resolved] {
        found.append(
          (earlier.index, "the folder '\(layer.path)' is given twice as a layer (also as '\(earlier.layer.path)')"))
      }
      if case .refused(let hint) = nesting {
        let suffix = hint.map { "; \($0)" } ?? ""
        if let earlier = ancestors.compactMap({ atFolder[$0] }).min(by: { $0.index < $1.index }) {
          found.append(
            (
              earlier.index,
              "layer '\(layer.path)' lies inside the layer '\(earlier.layer.path)'; its tables would be read twice"
                + suffix
            ))
        }
        if let earlier = aboveFolder[resolved] {
          found.append(
            (
              earlier.index,
              "layer '\(earlier.layer.path)' lies inside the layer '\(layer.path)'; its tables would be read twice"
                + suffix
            ))
        }
      }
      problems += found.sorted { $0.index < $1.index }.map { invalid($0.message) }
      atFolder[resolved] = atFolder[resolved] ?? (index, layer)
      for ancestor in ancestors { aboveFolder[ancestor] = aboveFolder[ancestor] ?? (index, layer) }
    }
    if let destination, let problem = DestinationSafety.problem(destination: destination, layers: layers) {
      problems.append(Diagnostic(.error, .unsafeDestination, "refusing to write: \(problem)"))
    }
    return problems
  }

  /// The folders above a resolved path, the root included: `/a/b` → `/a`, `/`.
  private static func ancestors(of path: String) -> [String] {
    var result: [String] = []
    var current = Substring(path)
    while let slash = current.lastIndex(of: "/") {
      let parent = slash == current.startIndex ? "/" : current[..<slash]
      if parent == current { break }
      result.append(String(parent))
      if parent == "/" { break }
      current = parent
    }
    return result
  }

  /// Whether a layer may lie inside another.
  public enum Nesting: Hashable, Sendable {
    /// A layer inside another is a problem; the hint, if any, is added to its message.
    case refused(hint: String?)
    /// A layer may lie inside another: each reads only what the other does not.
    case allowed
  }

  private static func invalid(_ message: String) -> Diagnostic {
    Diagnostic(.error, .invalidLayer, message)
  }
}
