import Foundation

/// Writes merged tables into a destination folder safely and incrementally.
///
/// - A file is written only when its bytes differ from what is on disk, so unchanged outputs
///   keep their modification time and Xcode does not copy them again.
/// - Every write goes to a temporary file in the same folder and is renamed into place, so an
///   interrupted build never leaves half a file.
/// - Files a previous run wrote and this run no longer produces are removed; the record of what
///   was written is kept in the destination as ``recordName``. Files locmerge did not write are
///   never touched.
public enum OutputDirectory {
  /// The name of the record file kept in the destination folder.
  public static let recordName = ".locmerge-outputs.json"
  /// The name of the file that lets a run with nothing to do stop early (see ``BuildStamp``).
  public static let stampName = ".locmerge-stamp.json"

  /// The bookkeeping files a merge writes in its destination besides the tables.
  public static let bookkeepingNames = [recordName, stampName]

  /// One file to produce, relative to the destination.
  public struct Output: Hashable, Sendable {
    /// The path relative to the destination.
    public var relativePath: String
    /// The file's bytes.
    public var bytes: [UInt8]

    /// Creates an output.
    public init(relativePath: String, bytes: [UInt8]) {
      self.relativePath = relativePath
      self.bytes = bytes
    }
  }

  /// What applying the outputs would do.
  public struct Plan: Sendable {
    /// Outputs whose bytes differ from the file on disk (or that do not exist yet).
    public var changed: [Output]
    /// Outputs already on disk with the same bytes.
    public var unchanged: [String]
    /// Files an earlier run wrote that are no longer produced.
    public var stale: [String]
    /// The record to leave behind.
    public var record: [String]
  }

  /// A failure to read or write the destination.
  public struct Failure: Error, CustomStringConvertible {
    /// The path involved.
    public var path: String
    /// What went wrong.
    public var message: String

    public var description: String { "\(path): \(message)" }
  }

  /// The files a merge produces: every merged table written in its format, on every core.
  /// - Parameter tables: The merged tables.
  /// - Returns: One output per table, in the same order.
  public static func outputs(for tables: [MergedTable]) -> [Output] {
    tables.concurrentMap { table in
      Output(
        relativePath: table.address.relativePath,
        bytes: LocalizationFileWriter.data(for: table.table, as: table.address.kind))
    }
  }

  /// Compares the outputs with the destination's contents.
  /// - Parameters:
  ///   - outputs: The files to produce.
  ///   - destination: The destination folder (it need not exist yet).
  /// - Returns: What to write, keep and remove.
  public static func plan(_ outputs: [Output], in destination: String) -> Plan {
    var changed: [Output] = []
    var unchanged: [String] = []
    for output in outputs.sorted(by: { $0.relativePath < $1.relativePath }) {
      let path = destination + "/" + output.relativePath
      if holds(output.bytes, at: path) {
        unchanged.append(output.relativePath)
      } else {
        changed.append(output)
      }
    }
    let produced = Set(outputs.map(\.relativePath))
    let previous = readRecord(in: destination)
    let stale = previous.filter {
      !produced.contains($0) && FileManager.default.fileExists(atPath: destination + "/" + $0)
    }.sorted()
    return Plan(changed: changed, unchanged: unchanged, stale: stale, record: produced.sorted())
  }

  /// Carries out a plan: writes changed files atomically, removes stale ones, updates the record.
  /// - Parameters:
  ///   - plan: The plan from ``plan(_:in:)``.
  ///   - destination: The destination folder.
  /// - Parameter stamp: What the run read, without output fingerprints (they are taken after
  ///   writing), so that the next run can tell whether it has anything to do.
  public static func apply(_ plan: Plan, in destination: String, stamp: BuildStamp? = nil) throws(Failure) {
    for output in plan.changed {
      try writeAtomically(output.bytes, to: destination + "/" + output.relativePath)
    }
    for relative in plan.stale {
      let path = destination + "/" + relative
      do {
        try FileManager.default.removeItem(atPath: path)
      } catch {
        throw Failure(path: path, message: "cannot remove the stale output: \(error.localizedDescription)")
      }
      removeEmptyFolders(from: (relative as NSString).deletingLastPathComponent, in: destination)
    }
    let record =
      JSONValue.object([("version", .integer(1)), ("outputs", .array(plan.record.map(JSONValue.string)))])
      .serialized(indent: 2) + "\n"
    try writeIfChanged(Array(record.utf8), to: destination + "/" + recordName)
    if var stamp {
      stamp.outputs = BuildStamp.fingerprints(of: plan.record + [recordName], relativeTo: destination)
      try writeIfChanged(Array((stamp.json.serialized(indent: 2) + "\n").utf8), to: destination + "/" + stampName)
    }
  }

  /// Writes bytes to a path unless the file already holds them, through a temporary file.
  /// - Returns: Whether the file was written.
  @discardableResult
  public static func writeIfChanged(_ bytes: [UInt8], to path: String) throws(Failure) -> Bool {
    if holds(bytes, at: path) { return false }
    try writeAtomically(bytes, to: path)
    return true
  }

  // MARK: - Private

  private static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
    let parent = (path as NSString).deletingLastPathComponent
    let folder = parent.isEmpty ? "." : parent
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw Failure(path: folder, message: "cannot create the folder: \(error.localizedDescription)")
    }
    let temporary =
      folder + "/.\((path as NSString).lastPathComponent).locmerge-\(ProcessInfo.processInfo.processIdentifier).tmp"
    // Plain POSIX calls: FileManager's createFile writes through a temporary file of its own,
    // which doubled the cost of every output.
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw Failure(path: temporary, message: "cannot create a temporary file: \(String(cString: strerror(errno)))")
    }
    let written = bytes.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        guard let base = buffer.baseAddress else { return false }
        let count = write(descriptor, base + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += count
      }
      return true
    }
    let closed = close(descriptor) == 0
    guard written && closed else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw Failure(path: temporary, message: "cannot write a temporary file: \(reason)")
    }
    if rename(temporary, path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: temporary)
      throw Failure(path: path, message: "cannot move the new file into place: \(reason)")
    }
  }

  /// Whether the file at `path` holds exactly `bytes` (read only when the sizes match).
  private static func holds(_ bytes: [UInt8], at path: String) -> Bool {
    guard FileBytes.size(path) == bytes.count, let existing = FileBytes.read(path) else { return false }
    return existing.withUnsafeBufferPointer { old in bytes.withUnsafeBufferPointer { new in bytesEqual(old, new) } }
  }

  /// The stamp the last successful run left in `destination`, if any.
  public static func stamp(in destination: String) -> BuildStamp? {
    guard let data = FileManager.default.contents(atPath: destination + "/" + stampName) else { return nil }
    return BuildStamp(json: try? JSONSerialization.jsonObject(with: data))
  }

  private static func readRecord(in destination: String) -> [String] {
    guard let data = FileManager.default.contents(atPath: destination + "/" + recordName),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let outputs = object["outputs"] as? [String]
    else { return [] }
    // Never follow a record outside the destination.
    return outputs.filter { !$0.hasPrefix("/") && !$0.split(separator: "/").contains("..") }
  }

  private static func removeEmptyFolders(from relative: String, in destination: String) {
    var current = relative
    while !current.isEmpty, current != "." {
      let path = destination + "/" + current
      guard let contents = try? FileManager.default.contentsOfDirectory(atPath: path), contents.isEmpty else { return }
      try? FileManager.default.removeItem(atPath: path)
      current = (current as NSString).deletingLastPathComponent
    }
  }
}
