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
    var existing: [(layer: Layer, resolved: String)] = []
    for layer in layers {
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
      for earlier in existing {
        if earlier.resolved == resolved {
          problems.append(
            invalid("the folder '\(layer.path)' is given twice as a layer (also as '\(earlier.layer.path)')"))
        } else if case .refused(let hint) = nesting {
          let suffix = hint.map { "; \($0)" } ?? ""
          if resolved.hasPrefix(earlier.resolved == "/" ? "/" : earlier.resolved + "/") {
            problems.append(
              invalid(
                "layer '\(layer.path)' lies inside the layer '\(earlier.layer.path)'; its tables would be read twice"
                  + suffix))
          } else if earlier.resolved.hasPrefix(resolved == "/" ? "/" : resolved + "/") {
            problems.append(
              invalid(
                "layer '\(earlier.layer.path)' lies inside the layer '\(layer.path)'; its tables would be read twice"
                  + suffix))
          }
        }
      }
      existing.append((layer, resolved))
    }
    if let destination, let problem = DestinationSafety.problem(destination: destination, layers: layers) {
      problems.append(Diagnostic(.error, .unsafeDestination, "refusing to write: \(problem)"))
    }
    return problems
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
