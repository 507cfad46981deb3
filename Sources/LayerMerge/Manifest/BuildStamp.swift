import Foundation

/// What a merge read, remembered in the destination so that a run with nothing to do can stop
/// after a few `stat` calls, like `make`: the same layers and options, the same input files
/// with the same sizes and modification times, and every output still as it was written.
public struct BuildStamp: Hashable, Sendable {
  /// Describes the run's layers and output-affecting options; any change forces a full run.
  public var configuration: String
  /// Size and modification time of every input, by path.
  public var inputs: [String: String]
  /// Size and modification time of every output, by path relative to the destination.
  public var outputs: [String: String]
  /// How many warnings the full run reported (shown again, and honoured by `--strict`).
  public var warnings: Int

  /// Creates a stamp.
  public init(configuration: String, inputs: [String: String], outputs: [String: String], warnings: Int) {
    self.configuration = configuration
    self.inputs = inputs
    self.outputs = outputs
    self.warnings = warnings
  }

  /// `size:mtime-in-nanoseconds` of a file, or `nil` if it does not exist.
  public static func fingerprint(of path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let seconds = Int64(info.st_mtimespec.tv_sec)
      let nanoseconds = Int64(info.st_mtimespec.tv_nsec)
    #else
      let seconds = Int64(info.st_mtim.tv_sec)
      let nanoseconds = Int64(info.st_mtim.tv_nsec)
    #endif
    return "\(info.st_size):\(seconds * 1_000_000_000 + nanoseconds)"
  }

  /// Fingerprints of paths; `nil` entries for missing files are left out.
  public static func fingerprints(of paths: [String], relativeTo root: String? = nil) -> [String: String] {
    var result: [String: String] = [:]
    for path in paths {
      let full = root.map { $0 + "/" + path } ?? path
      if let fingerprint = fingerprint(of: full) { result[path] = fingerprint }
    }
    return result
  }

  /// Whether a new run with this configuration and these inputs would change nothing in
  /// `destination`.
  public func isCurrent(configuration: String, inputs paths: [String], destination: String) -> Bool {
    guard configuration == self.configuration, paths.count == inputs.count else { return false }
    for path in paths where BuildStamp.fingerprint(of: path) != inputs[path] { return false }
    for (relative, fingerprint) in outputs where BuildStamp.fingerprint(of: destination + "/" + relative) != fingerprint
    {
      return false
    }
    return true
  }

  var json: JSONValue {
    .object([
      ("configuration", .string(configuration)),
      ("inputs", .object(inputs.keys.sorted().map { ($0, .string(inputs[$0] ?? "")) })),
      ("outputs", .object(outputs.keys.sorted().map { ($0, .string(outputs[$0] ?? "")) })),
      ("warnings", .integer(warnings)),
    ])
  }

  init?(json: Any?) {
    guard let object = json as? [String: Any], let configuration = object["configuration"] as? String,
      let inputs = object["inputs"] as? [String: String], let outputs = object["outputs"] as? [String: String],
      let warnings = object["warnings"] as? Int
    else { return nil }
    self.init(configuration: configuration, inputs: inputs, outputs: outputs, warnings: warnings)
  }
}
