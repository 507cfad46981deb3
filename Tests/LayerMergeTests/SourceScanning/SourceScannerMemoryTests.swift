import LayerMerge
import Testing

/// A run keeps every file's lookups until its checks are done: each file's in an array of about
/// their number, not the room the matcher reserves for a dense file (3,600 files of a few lookups
/// each kept 11 MB of it).
@Suite struct SourceScannerMemoryTests {
  @Test(arguments: [1, 2, 5, 31, 32, 33, 100])
  func aFilesLookupsKeepRoomForAboutTheirNumber(count: Int) {
    let source = (0..<count).map { "let x\($0) = String(localized: \"key\($0)\")\n" }.joined()
    let lookups = scanned(source)
    #expect(lookups.map(\.key) == (0..<count).map { .literal("key\($0)") })
    #expect(lookups.capacity <= max(2 * count, 4), "room for \(lookups.capacity)")
  }
}
