import Foundation

/// Runs the built `locmerge` binary, as a build phase or CI would.
enum ToolRunner {
  struct Outcome {
    var status: Int32
    var standardOutput: String
    var standardError: String
    /// Whether the program died of a signal other than the timeout's kill (`status` is the signal).
    var crashed = false
  }

  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The `locmerge` executable next to the test bundle, or the one `LOCMERGE_BINARY` names (to run
  /// the tests against another build, such as the last release, and see which fail).
  static var binary: URL {
    if let override = ProcessInfo.processInfo.environment["LOCMERGE_BINARY"] { return URL(fileURLWithPath: override) }
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("locmerge"),
      Bundle.main.bundleURL.appendingPathComponent("locmerge"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("locmerge"),
      packageRoot.appendingPathComponent(".build/debug/locmerge"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[3]
  }

  /// Runs the tool with arguments, in a working directory, with extra environment variables.
  /// - Parameter timeout: After this, the process is killed and the outcome says so (status -1):
  ///   a hung read fails its test instead of hanging the suite.
  static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    timeout: Duration = .seconds(60)
  ) throws -> Outcome {
    try run(executable: binary, arguments: arguments, in: directory, environment: environment, timeout: timeout)
  }

  /// Runs any executable and collects its output.
  static func run(
    executable: URL, arguments: [String], in directory: URL?, environment: [String: String],
    timeout: Duration = .seconds(60)
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    // What a CI host sets (GitHub's workspace) must not change what the tests see.
    var combined = ProcessInfo.processInfo.environment.filter {
      !$0.key.hasPrefix("SCRIPT_") && $0.key != "SRCROOT" && $0.key != "GITHUB_WORKSPACE"
    }
    combined.merge(environment) { $1 }
    process.environment = combined
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // A thread of its own: the test's threads may all be blocked reading pipes.
    let pid = process.processIdentifier
    let finished = ManagedFlag()
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    let watchdog = Thread {
      let deadline = Date(timeIntervalSinceNow: seconds)
      while Date() < deadline {
        if finished.isSet { return }
        Thread.sleep(forTimeInterval: 0.05)
      }
      if !finished.isSet { kill(pid, SIGKILL) }
    }
    watchdog.start()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    finished.set()
    let timedOut = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    return Outcome(
      status: timedOut ? -1 : process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
      standardError: String(decoding: errData, as: UTF8.self),
      crashed: process.terminationReason == .uncaughtSignal && !timedOut)
  }
}

/// A scratch folder with a copy of an example project.
final class Scratch {
  let root: URL

  init(copying example: String? = nil) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    if let example {
      for item in ["Base", "Brands", "Catalogs", "Targets"] {
        try FileManager.default.copyItem(
          at: ToolRunner.packageRoot.appendingPathComponent("Examples/\(example)/\(item)"),
          to: root.appendingPathComponent(item))
      }
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
  func path(_ relative: String) -> String { url(relative).path }

  func write(_ text: String, to relative: String) throws {
    let target = url(relative)
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: target)
  }

  func read(_ relative: String) -> String? {
    FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Every regular file under a folder, relative to it, with its bytes.
  func snapshot(_ relative: String) -> [String: Data] {
    Scratch.snapshot(of: url(relative))
  }

  /// Every file's modification date under a folder.
  func modificationDates(under relative: String) throws -> [String: Date] {
    var dates: [String: Date] = [:]
    for name in snapshot(relative).keys {
      dates[name] =
        try FileManager.default.attributesOfItem(atPath: path("\(relative)/\(name)"))[.modificationDate] as? Date
    }
    return dates
  }

  /// Sets every file's modification time under a folder to a fixed past date.
  func ageFiles(under relative: String) throws {
    let old = Date(timeIntervalSince1970: 946_684_800)
    for name in snapshot(relative).keys {
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path("\(relative)/\(name)"))
    }
  }

  /// Files under a folder modified after the fixed past date.
  func touchedFiles(under relative: String) throws -> [String] {
    try snapshot(relative).keys.filter { name in
      let attributes = try FileManager.default.attributesOfItem(atPath: path("\(relative)/\(name)"))
      return (attributes[.modificationDate] as? Date ?? .distantPast) > Date(timeIntervalSince1970: 946_684_801)
    }.sorted()
  }
}

/// A flag one thread sets and another reads.
final class ManagedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
