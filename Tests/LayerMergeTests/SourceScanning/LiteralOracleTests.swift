import Foundation
import Testing

@testable import LayerMerge

/// The scanner's string literals against the compilers themselves: many random literals (escapes,
/// `\u{…}`, raw delimiters, multi-line with indentation, continuations and CR LF, interpolations
/// holding strings and closures) in one program that prints what each literal is made of, compiled
/// by `swiftc` (by `clang` for C literals), compared with what the scanner decodes from the
/// program's own source. `LOCMERGE_ORACLE_LITERALS=N` runs N literals instead of the default.
@Suite(.serialized) struct LiteralOracleTests {
  static let count = Int(ProcessInfo.processInfo.environment["LOCMERGE_ORACLE_LITERALS"] ?? "") ?? 600

  @Test(.enabled(if: compilerPath("swiftc") != nil, "swiftc not found on PATH: the Swift oracle is skipped"))
  func swiftLiteralsDecodeAsTheCompilerMakesThem() throws {
    var generator = SwiftLiteralGenerator(seed: 0x5C4A_0032)
    let literals = (0..<Self.count).map { _ in generator.literal() }
    let program = SwiftLiteralGenerator.prelude + literals.map { "show(\($0))\n" }.joined()
    let expected = try Self.run(program, compiler: "swiftc", fileName: "literals.swift", arguments: [])
    let bytes = Array(program.utf8)
    var offsets: [Int] = []
    let ours = bytes.withUnsafeBufferPointer { buffer -> [String] in
      SwiftLexer.withTokens(of: buffer) { tokens in
        let decoder = LiteralDecoder(bytes: buffer, tokens: tokens)
        var lines: [String] = []
        let all = tokens.tokens
        for i in 0..<(all.count - 2) where all[i].kind == .identifier && all[i + 2].kind == .string {
          guard String(decoding: buffer[Int(all[i].start)..<Int(all[i].end)], as: UTF8.self) == "show" else { continue }
          lines.append(Self.shown(decoder.pieces(of: all[i + 2].link)))
          offsets.append(Int(all[i].start))
        }
        return lines
      }
    }
    if ours.count != literals.count {
      // The first literal the lexer missed: the one before it swallowed it.
      var start = SwiftLiteralGenerator.prelude.utf8.count
      for (index, literal) in literals.enumerated() {
        if index >= offsets.count || offsets[index] != start {
          Issue.record("missed after: \(index > 0 ? literals[index - 1] : "")\nmissed: \(literal)")
          break
        }
        start += "show(\(literal))\n".utf8.count
      }
    }
    try #require(ours.count == literals.count, "the lexer found \(ours.count) of \(literals.count) literals")
    let disagreements = zip(zip(literals, expected), ours).filter { $0.0.1 != $0.1 }
    for ((literal, compiler), scanner) in disagreements.prefix(5) {
      Issue.record("\(literal)\ncompiler: \(compiler)\nscanner:  \(scanner)")
    }
    #expect(disagreements.isEmpty, "\(literals.count - disagreements.count) of \(literals.count) literals agree")
  }

  @Test(.enabled(if: compilerPath("clang") != nil, "clang not found on PATH: the C oracle is skipped"))
  func cLiteralsDecodeAsTheCompilerMakesThem() throws {
    var generator = CLiteralGenerator(seed: 0xC0_0032)
    let literals = (0..<(Self.count / 2)).map { _ in generator.literal() }
    let program =
      CLiteralGenerator.prelude
      + literals.enumerated().map { "  { static const char s[] = \($0.element); show(s, sizeof s - 1); }\n" }.joined()
      + "  return 0;\n}\n"
    let expected = try Self.run(program, compiler: "clang", fileName: "literals.c", arguments: ["-w"])
    let bytes = Array(program.utf8)
    let ours = bytes.withUnsafeBufferPointer { buffer -> [String] in
      ObjectiveCLexer.withTokens(of: buffer) { tokens in
        let decoder = LiteralDecoder(bytes: buffer, tokens: tokens)
        var lines: [String] = []
        let all = tokens.tokens
        var i = 0
        while i < all.count {
          // `= "…" "…";`: the literals after `=` up to the semicolon, joined as C joins them.
          if all[i].kind == .operator, i + 1 < all.count, all[i + 1].kind == .string {
            var j = i + 1
            while j < all.count, all[j].kind == .string { j += 1 }
            lines.append(
              decoder.joinedBytes(ofLiteralTokens: (i + 1)..<j).map { String($0, radix: 16) }.joined(separator: ","))
            i = j
          } else {
            i += 1
          }
        }
        return lines
      }
    }
    try #require(ours.count == literals.count, "the lexer found \(ours.count) of \(literals.count) literals")
    let disagreements = zip(zip(literals, expected), ours).filter { $0.0.1 != $0.1 }
    for ((literal, compiler), scanner) in disagreements.prefix(5) {
      Issue.record("\(literal)\ncompiler: \(compiler)\nscanner:  \(scanner)")
    }
    #expect(disagreements.isEmpty, "\(literals.count - disagreements.count) of \(literals.count) literals agree")
  }

  // MARK: - Compiling and running

  /// Each piece's scalars in hex, pieces joined by `|`: as the Swift program prints them.
  static func shown(_ pieces: [String]) -> String {
    pieces.map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",") }.joined(separator: "|")
  }

  static func compilerPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Compiles `program` and returns the lines it prints.
  static func run(_ program: String, compiler: String, fileName: String, arguments: [String]) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-oracle-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent(fileName)
    try Data(program.utf8).write(to: source)
    if let keep = ProcessInfo.processInfo.environment["LOCMERGE_ORACLE_KEEP"] {
      try? Data(program.utf8).write(to: URL(fileURLWithPath: keep).appendingPathComponent(fileName))
    }
    let binary = folder.appendingPathComponent("literals")
    let build = try output(
      of: try #require(compilerPath(compiler)), arguments + [source.path, "-o", binary.path])
    try #require(build.status == 0, "\(compiler) failed:\n\(build.text.prefix(4000))")
    let run = try output(of: binary.path, [])
    try #require(run.status == 0)
    return run.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  static func output(of executable: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}

/// Random Swift string literals that compile: what each holds is decided by the compiler.
struct SwiftLiteralGenerator {
  private var random: SeededGenerator

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  /// A type that keeps a literal's pieces apart, and a function that prints them.
  static let prelude = #"""
    struct P: ExpressibleByStringInterpolation {
      var pieces: [String]
      init(stringLiteral value: String) { pieces = [value] }
      init(stringInterpolation: I) { pieces = stringInterpolation.pieces }
      struct I: StringInterpolationProtocol {
        var pieces = [""]
        init(literalCapacity: Int, interpolationCount: Int) {}
        mutating func appendLiteral(_ literal: String) { pieces[pieces.count - 1] += literal }
        mutating func appendInterpolation(_ value: Int) { pieces.append("") }
      }
    }
    func f(_ s: String) -> Int { s.count }
    func h(_ c: () -> String) -> Int { c().count }
    func show(_ p: P) {
      print(p.pieces.map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",") }
        .joined(separator: "|"))
    }

    """#

  mutating func literal() -> String {
    let hashes = chance(3) ? Int.random(in: 1...3, using: &random) : 0
    for _ in 0..<100 {
      let isMultiLine = chance(2)
      let candidate = isMultiLine ? multiLine(hashes) : singleLine(hashes)
      if isValid(candidate, hashes, multiLine: isMultiLine) { return candidate }
    }
    return "\"fallback\""
  }

  // MARK: - Private

  private mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &random) == 0 }

  private mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

  private static let plain = Array("abcXYZ019 .,;:-_!?%@$&*+=<>[]{}()/|~^`'\té中😀👍🏽\u{301}\u{2028}")

  private mutating func scalarEscape(_ hashes: Int) -> String {
    let value: UInt32 =
      pick([
        UInt32.random(in: 0..<0x80, using: &random), UInt32.random(in: 0xA0..<0xD800, using: &random),
        UInt32.random(in: 0xE000..<0x11_0000, using: &random),
      ])
    var digits = String(value, radix: 16, uppercase: chance(2))
    digits = String(repeating: "0", count: Int.random(in: 0...(8 - min(8, digits.count)), using: &random)) + digits
    return "\\" + String(repeating: "#", count: hashes) + "u{" + digits + "}"
  }

  private mutating func atom(_ hashes: Int, multiLine: Bool) -> String {
    let escape = "\\" + String(repeating: "#", count: hashes)
    switch Int.random(in: 0..<12, using: &random) {
    case 0...4:
      var text = String(pick(Self.plain))
      // A tab is text in a multi-line literal only.
      if text == "\t" && !multiLine { text = "t" }
      // Quotes, and in a raw literal a backslash that escapes nothing.
      if hashes > 0 || multiLine { text = pick([text, text, "\"", "#", "\"\""]) }
      if hashes > 0, chance(4) { text = pick(["\\", "\\a", "\\\\"]) }
      return text
    case 5...7:
      return escape + pick(["n", "t", "r", "0", "\\", "\"", "'"])
    case 8:
      return scalarEscape(hashes)
    case 9:
      return escape + "(0)"
    case 10:
      return escape + "(f(\"" + pick(["(", ")", "x\\\")\\\"", "\\(1)", "a\\u{29}"]) + "\"))"
    default:
      return escape + "(h { \"" + pick([")", "(", "}"]) + "\" })"
    }
  }

  private mutating func content(_ hashes: Int, multiLine: Bool) -> String {
    (0..<Int.random(in: 0...6, using: &random)).map { _ in atom(hashes, multiLine: multiLine) }.joined()
  }

  private mutating func singleLine(_ hashes: Int) -> String {
    let pounds = String(repeating: "#", count: hashes)
    return pounds + "\"" + content(hashes, multiLine: false) + "\"" + pounds
  }

  private mutating func multiLine(_ hashes: Int) -> String {
    let pounds = String(repeating: "#", count: hashes)
    let newline = chance(4) ? "\r\n" : "\n"
    let indentation = pick(["", "  ", "    ", "\t", " \t"])
    let count = Int.random(in: 1...5, using: &random)
    var lines: [String] = []
    for index in 0..<count {
      var line: String
      switch Int.random(in: 0..<8, using: &random) {
      case 0: line = ""
      case 1: line = indentation + String(repeating: " ", count: Int.random(in: 0...3, using: &random))
      default:
        line =
          indentation + String(repeating: " ", count: Int.random(in: 0...2, using: &random))
          + content(hashes, multiLine: true)
      }
      // A continuation joins this line to the next; not on the last line, nor on an empty one
      // (it would lack the indentation).
      if index < count - 1, line.hasPrefix(indentation), !line.isEmpty || indentation.isEmpty, chance(5) {
        line += "\\" + pounds + (chance(3) ? "  " : "")
      }
      lines.append(line)
    }
    return pounds + "\"\"\"" + newline + lines.joined(separator: newline) + newline + indentation + "\"\"\"" + pounds
  }

  /// Whether the literal compiles: no early closing delimiter, no escape the compiler refuses.
  private func isValid(_ literal: String, _ hashes: Int, multiLine: Bool) -> Bool {
    let pounds = String(repeating: "#", count: hashes)
    let open = pounds.count + (multiLine ? 3 : 1)
    let scalars = Array(literal.unicodeScalars)
    let close = scalars.count - pounds.count - (multiLine ? 3 : 1)
    guard open <= close else { return false }
    let inner = Array(scalars[open..<close])
    // The interpolations' code holds quotes and parentheses of its own: check the text outside,
    // with each interpolation as U+0001.
    func starts(_ pattern: String, at index: Int) -> Bool {
      let p = Array(pattern.unicodeScalars)
      return index + p.count <= inner.count && Array(inner[index..<(index + p.count)]) == p
    }
    func find(_ pattern: String, from index: Int) -> Int? {
      (index..<inner.count).first { starts(pattern, at: $0) }.map { $0 + pattern.unicodeScalars.count }
    }
    var text: [Unicode.Scalar] = []
    var k = 0
    let interpolation = "\\" + pounds + "("
    while k < inner.count {
      if starts(interpolation, at: k) {
        k += interpolation.unicodeScalars.count
        let end: Int?
        if starts("0)", at: k) {
          end = k + 2
        } else if starts("f(", at: k) {
          end = find("\"))", from: k)
        } else {
          end = find("\" })", from: k)
        }
        guard let end else { return false }
        k = end
        text.append("\u{1}")
        continue
      }
      text.append(inner[k])
      k += 1
    }
    func contains(_ pattern: String) -> Bool {
      let p = Array(pattern.unicodeScalars)
      return text.count >= p.count && (0...(text.count - p.count)).contains { Array(text[$0..<($0 + p.count)]) == p }
    }
    if multiLine {
      if contains("\"\"\"" + pounds) { return false }
    } else if hashes > 0, contains("\"" + pounds) {
      return false
    }
    if hashes > 0 {
      // Every `\` followed by the delimiter's `#`s must be an escape the compiler knows.
      for (index, scalar) in text.enumerated() where scalar == "\\" {
        let after = text.dropFirst(index + 1)
        guard after.count >= hashes, after.prefix(hashes).allSatisfy({ $0 == "#" }) else { continue }
        let next = after.dropFirst(hashes).first
        if let next, "ntr0\\\"'u\u{1}".unicodeScalars.contains(next) { continue }
        if multiLine, next == " " || next == "\n" || next == "\r" { continue }
        return false
      }
      if text.last == "\\" && !multiLine { return false }
    }
    return true
  }
}

/// Random C string literals that compile, written as adjacent pieces as C joins them.
struct CLiteralGenerator {
  private var random: SeededGenerator

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  static let prelude = """
    #include <stdio.h>
    static void show(const char *s, unsigned long n) {
      for (unsigned long i = 0; i < n; i++) printf(i ? ",%x" : "%x", (unsigned char)s[i]);
      printf("\\n");
    }
    int main(void) {

    """

  mutating func literal() -> String {
    (0..<Int.random(in: 1...3, using: &random)).map { _ in piece() }.joined(separator: pick([" ", "\n    ", ""]))
  }

  // MARK: - Private

  private mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

  private static let plain = Array("abcXYZ019 .,;:-_!?%@$&*+=<>[]{}()/|~^`'#é中😀")

  private mutating func piece() -> String {
    var text = pick(["\"", "\"", "u8\""])
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      switch Int.random(in: 0..<10, using: &random) {
      case 0...3: text.append(pick(Self.plain))
      case 4: text += "\\" + pick(["n", "t", "r", "a", "b", "f", "v", "\\", "\"", "'", "?"])
      case 5:
        // Octal: up to three digits, then a letter so that the escape ends where it is meant to.
        text += "\\" + String(Int.random(in: 0...0o377, using: &random), radix: 8) + "g"
      case 6: text += "\\x" + String(Int.random(in: 0...0xFF, using: &random), radix: 16) + "g"
      case 7: text += String(format: "\\u%04x", UInt32.random(in: 0xA0..<0xD800, using: &random))
      case 8: text += String(format: "\\U%08x", UInt32.random(in: 0x1_0000..<0x11_0000, using: &random))
      default: text += pick(["\\\n", "\\\r\n"])  // a line splice
      }
    }
    return text + "\""
  }
}
