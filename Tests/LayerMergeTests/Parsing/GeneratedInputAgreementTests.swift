import Foundation
import LayerMerge
import TestSupport
import Testing

/// Thousands of generated and mutated inputs, each read by us and by Foundation: whenever
/// Foundation returns a dictionary we return the same pairs, whenever it fails we fail.
@Suite struct GeneratedInputAgreementTests {
  /// Fragments that exercise every rule of the grammar, joined at random.
  static let fragments: [String] = [
    "\"a\"", "\"b\"", "'c'", "key", "x.y-z", "1", " = ", "=", ";", " ", "\n", "\r\n", "\r", "\t", "\u{2028}",
    "\u{00A0}", "\u{FEFF}", "/* c */", "/*", "*/", "//x\n", "/", "\\", "\\n", "\\\"", "\\U00e9", "\\UD83D",
    "\\UDE00", "\\u00e9", "\\101", "\\377", "\\U", "{", "}", "(", ")", ",", "<41>", "<", ">", "é", "😀", "@", "\"",
    "'", "%@", "%1$@", "\u{0}", "\"k\" = \"v\";\n", "\"q\" = \"a\\\"b\";\n", "\"s\";\n",
  ]

  static func randomText(using generator: inout SeededGenerator) -> String {
    let count = Int.random(in: 1...14, using: &generator)
    return (0..<count).map { _ in fragments.randomElement(using: &generator) ?? "" }.joined()
  }

  /// Flips, inserts, deletes or truncates bytes of a seed file.
  static func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
    var result = bytes
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      guard !result.isEmpty else { break }
      let index = Int.random(in: 0..<result.count, using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: result[index] = UInt8.random(in: 0...255, using: &generator)
      case 1:
        let interesting: [UInt8] = [0x22, 0x27, 0x5C, 0x3B, 0x3D, 0x2F, 0x2A, 0x0A, 0x0D, 0x00, 0x7B, 0x7D, 0x28, 0x3C]
        result.insert(interesting.randomElement(using: &generator) ?? 0, at: index)
      case 2: result.remove(at: index)
      default: result.removeSubrange(index...)
      }
    }
    return result
  }

  static let seeds: [[UInt8]] = {
    let vectorFiles = ["vectors", "vectors2", "vectors4", "vectors3"].flatMap {
      SharedFolder.files(under: "formats/\($0)", extensions: ["strings", "stringsdict"])
    }
    let shared = vectorFiles.compactMap { try? [UInt8](Data(contentsOf: $0)) }
    let own = [
      "/* c */\n\"a\" = \"b\";\n\n\"c\" = 'd';\n", "{ a = (1, 2); b = <4142>; c = { d = e; }; }",
      "\"%d files\" = \"%d Dateien\";\n// note\nk;\n",
    ].map { Array($0.utf8) }
    return own + shared
  }()

  /// Inputs per test; `LOCMERGE_GENERATED_INPUTS` raises it for a longer local run.
  static let count = ProcessInfo.processInfo.environment["LOCMERGE_GENERATED_INPUTS"].flatMap(Int.init) ?? 3000

  @Test func randomFragmentsAgreeWithFoundation() throws {
    var generator = SeededGenerator(seed: 0x10C_3E26 &+ UInt64(Self.count))
    for _ in 0..<Self.count {
      let text = Self.randomText(using: &generator)
      var bytes = Array(text.utf8)
      // Every tenth input goes through another encoding Apple accepts.
      if Int.random(in: 0..<10, using: &generator) == 0 {
        bytes = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
      }
      try check(bytes)
    }
  }

  @Test func mutatedFilesAgreeWithFoundation() throws {
    var generator = SeededGenerator(seed: 0x5EED &+ UInt64(Self.count))
    for _ in 0..<Self.count {
      let seed = Self.seeds.randomElement(using: &generator) ?? []
      try check(Self.mutate(seed, using: &generator))
    }
  }

  private func check(_ bytes: [UInt8]) throws {
    let parsed = LocalizationFileReader.parse(bytes, path: "generated.strings", kind: .strings)
    let verdict = FoundationOracle.verdict(for: bytes)
    try AgreementCheck.expectAgreement(parsed, with: verdict, bytes: bytes, expectTruncation: nil)
  }
}
