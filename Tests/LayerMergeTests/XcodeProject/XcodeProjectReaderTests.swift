import Foundation
import TestSupport
import Testing

@testable import LayerMerge

/// `xcode show`'s reading agrees with an independent one on every shared project.
@Suite struct XcodeProjectReaderTests {
  /// The source root a shared project file is read with: its app's corpus folder when the corpus
  /// has the app (ghostery, NetNewsWire, home-assistant), else the folder it lies in.
  static func sourceRoot(of file: URL) -> String {
    guard let shared = SharedFolder.url else { return file.deletingLastPathComponent().path }
    let relative = file.path.dropFirst(shared.appendingPathComponent("xcodeproj").path.count + 1)
    let parts = relative.split(separator: "/").map(String.init)
    var folder = file.deletingLastPathComponent()
    if folder.pathExtension == "xcodeproj" { folder.deleteLastPathComponent() }
    let corpus = shared.appendingPathComponent("corpus").appendingPathComponent(parts[0])
    guard FileManager.default.fileExists(atPath: corpus.path) else { return folder.path }
    let inside = folder.path.dropFirst(
      shared.appendingPathComponent("xcodeproj").appendingPathComponent(parts[0]).path.count)
    return corpus.path + inside
  }

  static func isa(of kind: XcodeProject.BuildPhase.Kind) -> String {
    switch kind {
    case .sources: return "PBXSourcesBuildPhase"
    case .resources: return "PBXResourcesBuildPhase"
    case .frameworks: return "PBXFrameworksBuildPhase"
    case .headers: return "PBXHeadersBuildPhase"
    case .copyFiles: return "PBXCopyFilesBuildPhase"
    case .shellScript: return "PBXShellScriptBuildPhase"
    case .rez: return "PBXRezBuildPhase"
    case .other(let isa): return isa
    }
  }

  @Test(SharedFolder.required)
  func everySharedProjectReadsAsTheReferenceReadsIt() throws {
    var compared = 0
    var tables = 0
    for file in PBXOracle.sharedProjectFiles {
      let bytes = [UInt8](try Data(contentsOf: file))
      let root = Self.sourceRoot(of: file)
      if bytes.starts(with: Array("<?xml".utf8)) {
        // Foundation reads XML too; Xcode never writes it, and the reader refuses it by name.
        #expect(throws: XcodeProjectError.xmlFormat(path: file.path)) {
          try XcodeProjectReader.parse(bytes, path: file.path, sourceRoot: root)
        }
        continue
      }
      guard let reference = ReferenceProjectReading(bytes: bytes, sourceRoot: root) else {
        #expect(throws: XcodeProjectError.self, "\(file.path)") {
          try XcodeProjectReader.parse(bytes, path: file.path, sourceRoot: root)
        }
        continue
      }
      let project = try XcodeProjectReader.parse(bytes, path: file.path, sourceRoot: root)
      #expect(project.objectVersion == reference.objectVersion)
      let ours = project.targets.map { target in
        ReferenceProjectReading.Target(
          name: target.name, productType: target.productType,
          phases: target.buildPhases.map { Self.isa(of: $0.kind) + ":" + ($0.name ?? "") },
          tables: Dictionary(uniqueKeysWithValues: target.tables.map { ($0.name, $0.files) }))
      }
      #expect(ours.map(\.name) == reference.targets.map(\.name), "\(file.path)")
      for (mine, theirs) in zip(ours, reference.targets) where mine != theirs {
        #expect(mine.productType == theirs.productType && mine.phases == theirs.phases, "\(file.path) \(mine.name)")
        for name in Set(mine.tables.keys).union(theirs.tables.keys).sorted()
        where mine.tables[name] != theirs.tables[name] {
          let ourFiles = mine.tables[name] ?? [:]
          let theirFiles = theirs.tables[name] ?? [:]
          let differing = Set(ourFiles.keys).union(theirFiles.keys).sorted().filter { ourFiles[$0] != theirFiles[$0] }
          let details = differing.map { language in
            "\(language): ours \(ourFiles[language] ?? "-"), reference \(theirFiles[language] ?? "-")"
          }
          Issue.record(Comment(rawValue: "\(file.path) \(mine.name) \(name): \(details.joined(separator: "; "))"))
        }
      }
      compared += 1
      tables += ours.reduce(0) { $0 + $1.tables.count }
    }
    #expect(compared >= 80)
    #expect(tables > 100)
  }
}
