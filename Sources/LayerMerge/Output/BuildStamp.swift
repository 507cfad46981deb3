/// What a run read and wrote, remembered in `stamp.json` in the state folder (`DEST/.locmerge/` by
/// default) so that a run with
/// nothing to do can stop after a few `stat` calls, like `make`: the same configuration, every
/// input file as it was *when it was read*, and every output and companion file as it was written.
public struct BuildStamp: Hashable, Sendable {
  /// The stamp file's path inside the destination, when the state folder is `DEST/.locmerge/`.
  public static let relativePath = DestinationFolder.bookkeepingName + "/" + fileName

  /// What the stamp records for an input that was not there (a source file a project lists but
  /// lacks): the next run is up to date only while it is still missing.
  public static let absent = FileFingerprint(size: -1, modificationTime: 0, inode: 0, device: 0)

  /// The layers, options and tool version of the run.
  public var configuration: BuildConfiguration
  /// Every input file, by path, with its fingerprint from the descriptor that read it.
  public var inputs: [String: FileFingerprint]
  /// Every output, by path relative to the destination, and the output record (under
  /// ``recordKey``, wherever the state folder is), as written.
  public var outputs: [String: FileFingerprint]
  /// Every companion file (lists, depfile, provenance), by path, as written.
  public var companions: [String: FileFingerprint]
  /// How many warnings the run reported (shown again by a run that stops early).
  public var warnings: Int

  /// Creates the stamp of a run; the outputs' fingerprints are added when they are written.
  /// - Parameters:
  ///   - configuration: The run's configuration.
  ///   - inputs: The files read, with the fingerprints taken when they were read
  ///     (``MergeResult/inputFingerprints``).
  ///   - warnings: How many warnings the run reported.
  public init(configuration: BuildConfiguration, inputs: [String: FileFingerprint], warnings: Int) {
    self.configuration = configuration
    self.inputs = inputs
    self.outputs = [:]
    self.companions = [:]
    self.warnings = warnings
  }

  /// The stamp the last run left in a destination, if it shows that a run with this configuration
  /// has nothing to do: same configuration, every input file of its layers, every output and
  /// every companion file unchanged. Waits while another run writes the destination.
  /// - Parameters:
  ///   - destination: The destination folder.
  ///   - configuration: The configuration of the run about to start; its layers are scanned for
  ///     their input files only when the stamp's configuration is the same.
  ///   - options: The merge's options: tables they exclude are not inputs.
  ///   - state: The state folder, or `nil` for `DEST/.locmerge/` (``OutputPlan/state``).
  ///   - sources: Further input files, not tables: the target's code, whose lookups were checked.
  ///   - whileWaiting: Called once if another run has held the destination for a second.
  /// - Returns: The last run's stamp, or `nil` when there is work to do.
  public static func current(
    in destination: String, configuration: BuildConfiguration, options: MergeOptions = MergeOptions(),
    state: String? = nil, sources: [String] = [], whileWaiting: () -> Void = {}
  ) -> BuildStamp? {
    guard let folder = try? DestinationFolder.open(destination, create: false),
      let bookkeeping = try? BookkeepingFolder.open(for: folder, state: state, create: false),
      let lock = try? DestinationLock(
        in: bookkeeping.descriptor, exclusive: false, displayPath: bookkeeping.display(DestinationLock.fileName),
        whileWaiting: whileWaiting)
    else { return nil }
    defer { withExtendedLifetime(lock) {} }
    guard let stamp = read(in: folder, bookkeeping: bookkeeping.descriptor), stamp.configuration == configuration,
      stamp.isCurrent(
        // Each file once: a table the Xcode target copies may also be a layer's file.
        inputs: Array(Set(LayerMerger.plannedInputs(configuration.layers, options: options) + sources)), in: folder,
        state: bookkeeping)
    else { return nil }
    return stamp
  }

  // MARK: - Reading and writing

  static let fileName = "stamp.json"
  /// The key of the output record among ``outputs``: its path relative to the destination when
  /// the state folder is `DEST/.locmerge/`, and the same key wherever the state folder is.
  static let recordKey = DestinationFolder.bookkeepingName + "/" + OutputRecord.fileName

  /// The stamp in a destination's bookkeeping folder, if there is a readable one.
  static func read(in folder: DestinationFolder, bookkeeping: Int32) -> BuildStamp? {
    guard let bytes = folder.contents(of: fileName, in: bookkeeping), let json = try? JSONReader.parse(bytes) else {
      return nil
    }
    return BuildStamp(json: json)
  }

  var json: JSONValue {
    func fingerprints(_ map: [String: FileFingerprint]) -> JSONValue {
      .object(map.keys.sorted().map { ($0, .string(map[$0]?.description ?? "")) })
    }
    return .object([
      ("version", .integer(2)),
      ("configuration", configuration.json),
      ("inputs", fingerprints(inputs)),
      ("outputs", fingerprints(outputs)),
      ("companions", fingerprints(companions)),
      ("warnings", .integer(warnings)),
    ])
  }

  init?(json: JSONNode) {
    guard json["version"]?.value == .number("2"), let configurationNode = json["configuration"],
      let configuration = BuildConfiguration(json: configurationNode),
      case .number(let warningsText) = json["warnings"]?.value, let warnings = Int(warningsText),
      let inputs = Self.fingerprints(json["inputs"]), let outputs = Self.fingerprints(json["outputs"]),
      let companions = Self.fingerprints(json["companions"])
    else { return nil }
    self.init(configuration: configuration, inputs: inputs, warnings: warnings)
    self.outputs = outputs
    self.companions = companions
  }

  /// Whether no input, output or companion file changed since this stamp was written.
  func isCurrent(inputs paths: [String], in folder: DestinationFolder, state: BookkeepingFolder) -> Bool {
    guard paths.count == inputs.count else { return false }
    for path in paths {
      guard let recorded = inputs[path], FileFingerprint(path: path) ?? Self.absent == recorded else { return false }
    }
    for (relative, recorded) in outputs {
      let now =
        relative == Self.recordKey ? state.fingerprint(of: OutputRecord.fileName) : folder.fingerprint(of: relative)
      if now != recorded { return false }
    }
    for (path, recorded) in companions where FileFingerprint(path: path) != recorded { return false }
    return true
  }

  // MARK: - Private

  private static func fingerprints(_ node: JSONNode?) -> [String: FileFingerprint]? {
    guard let members = node?.members else { return nil }
    var result: [String: FileFingerprint] = [:]
    for member in members {
      let fields = member.value.string?.split(separator: ":") ?? []
      guard fields.count == 4, let size = Int64(fields[0]), let time = Int64(fields[1]), let inode = UInt64(fields[2]),
        let device = UInt64(fields[3])
      else { return nil }
      result[member.key] = FileFingerprint(size: size, modificationTime: time, inode: inode, device: device)
    }
    return result
  }
}
