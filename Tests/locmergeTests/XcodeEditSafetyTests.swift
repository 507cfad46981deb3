import Foundation
import LayerMerge
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Edits of an Xcode project are serialized and all or nothing, and keep what the user's file is
/// (issue 31, items 3 and 4): concurrent installs and uninstalls lose nothing, a project saved
/// during an install leaves every file as it was, a symbolic link stays a link, a hard link is
/// refused, and the owner and permissions stay.
@Suite struct XcodeEditSafetyTests {
  static let projectFile = XcodeCommandTests.projectFile

  /// Runs two `locmerge` commands at once in a folder; their exit statuses.
  static func runTogether(_ first: [String], _ second: [String], in folder: URL) throws -> (Int32, Int32) {
    let processes = [first, second].map { arguments in
      let process = Process()
      process.executableURL = ToolRunner.binary
      process.arguments = arguments
      process.currentDirectoryURL = folder
      process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "SRCROOT" }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      return process
    }
    for process in processes { try process.run() }
    for process in processes { process.waitUntilExit() }
    return (processes[0].terminationStatus, processes[1].terminationStatus)
  }

  /// Whether each named target of the scratch's project has the locmerge phase, after checking
  /// that Foundation reads the file as a property list.
  static func phases(in scratch: Scratch, _ targets: [String]) throws -> [Bool] {
    let data = try Data(contentsOf: scratch.url(projectFile))
    _ = try PropertyListSerialization.propertyList(from: data, format: nil)
    let project = try XcodeProjectReader.read(path: scratch.path("BrandApp.xcodeproj"))
    return try targets.map { name in
      try #require(project.target(named: name)).buildPhases.contains { $0.name == LocMergePhase.name }
    }
  }

  /// Puts the project, `locmerge.json` and the file lists back as they were before any install.
  static func reset(_ scratch: Scratch, project: Data, config: Data) throws {
    try project.write(to: scratch.url(projectFile))
    try config.write(to: scratch.url("locmerge.json"))
    for name in try FileManager.default.contentsOfDirectory(atPath: scratch.path("Localization"))
    where name.hasSuffix(".xcfilelist") {
      try FileManager.default.removeItem(at: scratch.url("Localization/\(name)"))
    }
  }

  // MARK: Serialized

  /// Seen failing before the lock: in some of the rounds both runs said they succeeded and the
  /// file had only one phase.
  @Test func twoInstallsAtOnceKeepBothPhases() throws {
    let scratch = try XcodeCommandTests.brandApp()
    let project = try Data(contentsOf: scratch.url(Self.projectFile))
    let config = try Data(contentsOf: scratch.url("locmerge.json"))
    var lost: [Int] = []
    for round in 0..<40 {
      try Self.reset(scratch, project: project, config: config)
      let statuses = try Self.runTogether(
        ["xcode", "install", "-t", "Acme", "--remove-copies"], ["xcode", "install", "-t", "Globex", "--remove-copies"],
        in: scratch.root)
      #expect(statuses.0 == 0 && statuses.1 == 0, "round \(round)")
      if try Self.phases(in: scratch, ["Acme", "Globex"]) != [true, true] { lost.append(round) }
    }
    #expect(lost.isEmpty, "a phase was lost in rounds \(lost)")
  }

  /// Seen failing before the lock: the uninstall said it removed the phase, and the install wrote
  /// it back from what it had read.
  @Test func anInstallBesideAnUninstallKeepsBoth() throws {
    let scratch = try XcodeCommandTests.brandApp()
    let project = try Data(contentsOf: scratch.url(Self.projectFile))
    let config = try Data(contentsOf: scratch.url("locmerge.json"))
    var lost: [Int] = []
    for round in 0..<40 {
      try Self.reset(scratch, project: project, config: config)
      let setup = try XcodeCommandTests.run(["install", "-t", "Globex", "--remove-copies"], in: scratch)
      #expect(setup.status == 0, "\(setup.standardError)")
      let statuses = try Self.runTogether(
        ["xcode", "install", "-t", "Acme", "--remove-copies"], ["xcode", "uninstall", "-t", "Globex"], in: scratch.root)
      #expect(statuses.0 == 0 && statuses.1 == 0, "round \(round)")
      if try Self.phases(in: scratch, ["Acme", "Globex"]) != [true, false] { lost.append(round) }
    }
    #expect(lost.isEmpty, "a change was lost in rounds \(lost)")
  }

  /// Holds the project's edit lock as another run would, starts a command, and checks that it
  /// waits (saying so) and writes nothing until the lock is released.
  static func waitsForTheLock(_ arguments: [String], in scratch: Scratch, untouched: [String]) throws -> String {
    let folder = open(scratch.path("BrandApp.xcodeproj"), O_RDONLY | O_DIRECTORY)
    try #require(folder >= 0 && flock(folder, LOCK_EX) == 0)
    let before = untouched.map { scratch.read($0) }
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("lock-wait-\(UUID().uuidString).txt")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let process = Process()
    process.executableURL = ToolRunner.binary
    process.arguments = arguments
    process.currentDirectoryURL = scratch.root
    process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "SRCROOT" }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    // Until it says it waits (or, without a lock, is done), however loaded the machine.
    let deadline = Date(timeIntervalSinceNow: 60)
    func said() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    while process.isRunning && !said().contains("waiting for another locmerge run") && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    Thread.sleep(forTimeInterval: 0.5)
    let waited = process.isRunning
    let unchanged = untouched.map { scratch.read($0) } == before
    close(folder)
    process.waitUntilExit()
    let text = said()
    #expect(waited, "the run did not wait for the lock: \(text)")
    #expect(unchanged, "the run wrote while another held the lock")
    #expect(process.terminationStatus == 0, "\(text)")
    return text
  }

  @Test func anInstallWaitsForTheEditLock() throws {
    let scratch = try XcodeCommandTests.brandApp()
    let text = try Self.waitsForTheLock(
      ["xcode", "install", "--remove-copies"], in: scratch, untouched: [Self.projectFile, "locmerge.json"])
    #expect(text.contains("locmerge: waiting for another locmerge run to finish editing BrandApp.xcodeproj"))
    #expect(try Self.phases(in: scratch, ["Acme", "Globex"]) == [true, true])
  }

  @Test func initWaitsForTheEditLock() throws {
    let scratch = try Scratch()
    for item in ["Acme", "BrandApp.xcodeproj", "Globex"] {
      try FileManager.default.copyItem(
        at: XcodeCommandTests.fixtures.appendingPathComponent("BrandApp/\(item)"), to: scratch.url(item))
    }
    _ = try Self.waitsForTheLock(
      ["init", "--xcodeproj", "BrandApp.xcodeproj"], in: scratch, untouched: ["locmerge.json"])
    #expect(scratch.read("locmerge.json") != nil)
  }

  // MARK: All or nothing

  /// Seen failing before: the file lists and locmerge.json were written before the project file
  /// was found changed, and the run said nothing was written.
  @Test func aProjectSavedDuringAnInstallLeavesEveryFileAsItWas() throws {
    let scratch = try XcodeCommandTests.brandApp()
    let project = try XcodeProjectReader.read(path: scratch.path("BrandApp.xcodeproj"))
    let configuration = try #require(ProjectFileReader.read(path: scratch.path("locmerge.json")).project)
    let installation = try XcodeIntegration(project: project, configuration: configuration).install(
      targets: [], removeCopies: true)
    let config = scratch.read("locmerge.json")
    // Xcode saves the project meanwhile: the same bytes, at another time.
    var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, scratch.path(Self.projectFile), &times, 0) == 0)
    #expect(throws: XcodeInstallationError.self) { try installation.write() }
    #expect(scratch.read("locmerge.json") == config)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: scratch.path("Localization")).sorted() == ["Base", "Targets"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: scratch.path("BrandApp.xcodeproj")) == ["project.pbxproj"])
  }

  // MARK: The user's file stays what it is

  /// Seen failing before: the link became a regular file and its target never changed.
  @Test func aLinkedProjectFileStaysALinkAndItsTargetGetsTheChange() throws {
    let scratch = try XcodeCommandTests.brandApp()
    try FileManager.default.createDirectory(at: scratch.url("Shared"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: scratch.url(Self.projectFile), to: scratch.url("Shared/project.pbxproj"))
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path(Self.projectFile), withDestinationPath: "../Shared/project.pbxproj")
    let install = try XcodeCommandTests.run(["install", "--remove-copies"], in: scratch)
    #expect(install.status == 0, "\(install.standardError)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path(Self.projectFile))
        == "../Shared/project.pbxproj")
    #expect(try Self.phases(in: scratch, ["Acme", "Globex"]) == [true, true])
    let uninstall = try XcodeCommandTests.run(["uninstall"], in: scratch)
    #expect(uninstall.status == 0, "\(uninstall.standardError)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path(Self.projectFile))
        == "../Shared/project.pbxproj")
    #expect(try Self.phases(in: scratch, ["Acme", "Globex"]) == [false, false])
  }

  /// Seen failing before: the link out of the project was replaced by a file.
  @Test func aLinkOutOfTheProjectIsRefusedAndNothingIsWritten() throws {
    let scratch = try XcodeCommandTests.brandApp()
    let outside = try Scratch()
    try FileManager.default.moveItem(at: scratch.url(Self.projectFile), to: outside.url("project.pbxproj"))
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path(Self.projectFile), withDestinationPath: outside.path("project.pbxproj"))
    let project = outside.read("project.pbxproj")
    let config = scratch.read("locmerge.json")
    let install = try XcodeCommandTests.run(["install", "--remove-copies"], in: scratch)
    #expect(install.status == 1)
    #expect(install.standardError.contains("is a symbolic link to"))
    #expect(install.standardError.contains("outside the project"))
    #expect(install.standardError.contains("nothing was written"))
    #expect(outside.read("project.pbxproj") == project)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path(Self.projectFile)) != "")
    #expect(scratch.read("locmerge.json") == config)
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Localization/Acme-inputs.xcfilelist")))
  }

  /// Seen failing before: the install succeeded and the other name kept the old project.
  @Test func aHardLinkedProjectFileIsRefusedAndNothingIsWritten() throws {
    let scratch = try XcodeCommandTests.brandApp()
    #expect(link(scratch.path(Self.projectFile), scratch.path("backup.pbxproj")) == 0)
    let project = scratch.read(Self.projectFile)
    let config = scratch.read("locmerge.json")
    let install = try XcodeCommandTests.run(["install", "--remove-copies"], in: scratch)
    #expect(install.status == 1)
    #expect(install.standardError.contains("project.pbxproj: error: "))
    #expect(install.standardError.contains("it has 2 hard links"))
    #expect(scratch.read(Self.projectFile) == project)
    #expect(scratch.read("backup.pbxproj") == project)
    #expect(scratch.read("locmerge.json") == config)
    #expect(!FileManager.default.fileExists(atPath: scratch.path("Localization/Acme-inputs.xcfilelist")))
  }

  /// Seen failing before: run as root, the files became root's.
  @Test(.enabled(if: getuid() == 0, "changing a file's owner needs root"))
  func theOwnerAndPermissionsOfEachFileStay() throws {
    let scratch = try XcodeCommandTests.brandApp()
    for file in [Self.projectFile, "locmerge.json"] {
      #expect(chown(scratch.path(file), 4321, 4322) == 0)
      #expect(chmod(scratch.path(file), 0o640) == 0)
    }
    let install = try XcodeCommandTests.run(["install", "--remove-copies"], in: scratch)
    #expect(install.status == 0, "\(install.standardError)")
    for file in [Self.projectFile, "locmerge.json"] {
      var status = stat()
      #expect(stat(scratch.path(file), &status) == 0)
      #expect(status.st_uid == 4321 && status.st_gid == 4322, "\(file)")
      #expect(status.st_mode & 0o7777 == 0o640, "\(file)")
    }
    #expect(try Self.phases(in: scratch, ["Acme", "Globex"]) == [true, true])
  }
}
