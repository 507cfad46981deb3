import Foundation
import Testing

@testable import LayerMerge

/// A target's file is written from pieces of its base's rendering: whatever the pieces, the file
/// must hold exactly their bytes in order, compare equal to them, and read back as one array.
struct OutputBytesTests {
  @Test(arguments: [0, 1, 2, 7, 1_023, 1_024, 1_025, 3_000])
  func piecesAreWrittenAndComparedInOrder(pieceCount: Int) throws {
    var generator = SeededGenerator(seed: UInt64(pieceCount))
    let shared = ByteBuffer((0..<4_096).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    let other = ByteBuffer(Array("0123456789".utf8))
    var pieces: [OutputBytes.Piece] = []
    var expected: [UInt8] = []
    for _ in 0..<pieceCount {
      // Some pieces are empty; most are short, as the runs between a target's overrides are.
      let buffer = generator.next() % 3 == 0 ? other : shared
      let start = Int(generator.next() % UInt64(buffer.count))
      let end = start + Int(generator.next() % UInt64(min(40, buffer.count - start) + 1))
      pieces.append(OutputBytes.Piece(buffer: buffer, range: start..<end))
      expected += UnsafeBufferPointer(start: buffer.start + start, count: end - start)
    }
    let contents = OutputBytes(pieces: pieces)
    #expect(contents.count == expected.count)
    #expect(contents.joined == expected)
    #expect(expected.withUnsafeBufferPointer { contents.isEqual(to: $0) })
    if !expected.isEmpty {
      var changed = expected
      changed[changed.count / 2] ^= 0xFF
      #expect(!changed.withUnsafeBufferPointer { contents.isEqual(to: $0) })
    }

    let path = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-pieces-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: path) }
    let descriptor = open(path.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    try #require(descriptor >= 0)
    #expect(SystemFile.writeAllAndClose(descriptor, contents) == 0)
    #expect([UInt8](try Data(contentsOf: path)) == expected)
  }
}
