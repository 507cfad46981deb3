import Foundation
import Testing

@testable import LayerMerge

/// Reading and scanning a run's code: every file once, its keys numbered in the order of the
/// files however the threads finish.
@Suite struct ScannedSourcesTests {
  @Test func keysAreNumberedInTheOrderOfTheFilesHoweverTheScansFinish() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scanned-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Each file asks for a key of its own and for keys of earlier files; some files scan slowly,
    // so later batches finish first.
    let count = 300
    var paths: [String] = []
    for index in 0..<count {
      let path = folder.appendingPathComponent(String(format: "File%03d.swift", index)).path
      try Data("\(index)".utf8).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    let scanned = ScannedSources(paths + paths.prefix(10)) { bytes, _ in
      let index = Int(String(decoding: bytes, as: UTF8.self)) ?? 0
      if index % 37 < 3 { usleep(2_000) }
      return [index, index / 2, index / 3].map { key in
        SourceLookup(
          key: .literal("key\(key)"), table: .standard, form: "NSLocalizedString",
          position: TextPosition(line: key + 1, column: 1))
      }
    }
    #expect(scanned.files.count == count && scanned.scannedCount == count)
    #expect(paths.allSatisfy { scanned.files[$0]?.lookups.count == 3 })
    // First seen in file order: key0 (file 0), key1, key2, …: each file's own key is new.
    #expect(scanned.keyNumbers.count == count)
    #expect((0..<count).allSatisfy { scanned.keyNumbers.key($0).key == "key\($0)" })
    #expect(paths.indices.allSatisfy { place in scanned.numbered.keys[scanned.numbered.starts[place]] == place })
  }
}
