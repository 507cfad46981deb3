import Foundation
import Testing

@testable import LayerMerge

/// Real apps' code, when their checkouts are there (`LOCMERGE_APPS`, else the `apps` folder beside
/// the package or its parent; never committed): every plain `NSLocalizedString("…"` and
/// `String(localized: "…"` a deliberately simple text search finds is a lookup the scanner finds
/// at the same place — unless the lexer puts that text in a comment or a string literal, which
/// the test lists — and the scanner's own finds of those forms with a literal key that the search
/// misses are listed too (a key on the next line, a space before it).
@Suite struct RealAppScanTests {
  static let appsFolder: URL? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [
      ProcessInfo.processInfo.environment["LOCMERGE_APPS"].map { URL(fileURLWithPath: $0) },
      root.deletingLastPathComponent().appendingPathComponent("apps"),
      root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("apps"),
    ].compactMap { $0 }
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }()

  static let apps = ["Ranchero-Software+NetNewsWire", "duckduckgo+iOS", "Blockstream+green_ios", "ColdGrub1384+Pyto"]

  /// The plain spellings searched for, per language, and the forms the scanner names them.
  static let searches: [(language: SourceLanguage, text: String, form: String)] = [
    (.swift, #"NSLocalizedString(""#, "NSLocalizedString"), (.swift, #"String(localized: ""#, "String(localized:)"),
    (.objectiveC, #"NSLocalizedString(@""#, "NSLocalizedString"),
  ]

  @Test(
    .enabled(if: appsFolder != nil, "no app checkouts (set LOCMERGE_APPS): the real-code cross-check is skipped"),
    arguments: apps)
  func everyPlainLiteralLookupIsFound(_ app: String) throws {
    guard let folder = Self.appsFolder?.appendingPathComponent(app),
      FileManager.default.fileExists(atPath: folder.path)
    else {
      print("\(app): not checked out, skipped")
      return
    }
    var searched = 0
    var found = 0
    var inCommentOrString: [String] = []
    var missed: [String] = []
    var onlyScanner: [String] = []
    var files = 0
    var listing: [String] = []
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let file = enumerator?.nextObject() as? URL {
      guard let language = SourceLanguage(pathExtension: file.pathExtension),
        file.pathExtension == "swift" || file.pathExtension == "m"
      else { continue }
      files += 1
      let bytes = Array(try Data(contentsOf: file))
      let lookups = SourceScanner().scan(bytes, language: language)
      listing += lookups.map {
        "\(file.path.dropFirst(folder.path.count + 1)):\($0.position): \($0.form) \($0.key)"
          + " [\($0.table.name ?? "dynamic table")]\($0.bundle.map { " bundle: " + $0 } ?? "")"
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let name = file.path.dropFirst(folder.path.count + 1)
      var hits: Set<TextPosition> = []
      for search in Self.searches where search.language == language {
        for (offset, position) in Self.occurrences(of: search.text, in: bytes) {
          searched += 1
          // The key's quote (or `@`) right after the parenthesis, or after `localized: `.
          let keyStart = offset + search.text.utf8.count - (language == .objectiveC ? 2 : 1)
          let keyPosition = TextPosition(
            line: position.line, column: position.column + search.text.count - (language == .objectiveC ? 2 : 1))
          hits.insert(keyPosition)
          // `String(localized: "` is also the end of `AttributedString(localized: "`: any form there.
          if lookups.contains(where: { $0.position == keyPosition && $0.form.hasSuffix(search.form) }) {
            found += 1
          } else if let place = Self.commentOrString(at: keyStart, in: bytes, language) {
            inCommentOrString.append("\(name):\(position): \(place)")
          } else {
            missed.append("\(name):\(position): \(Self.line(position.line, of: text))")
          }
        }
      }
      for lookup in lookups
      where Self.searches.contains(where: { $0.language == language && $0.form == lookup.form })
        && !hits.contains(lookup.position)
      {
        if case .dynamic = lookup.key { continue }
        onlyScanner.append("\(name):\(lookup.position): \(Self.line(lookup.position.line, of: text))")
      }
    }
    // `LOCMERGE_APPS_DUMP=FOLDER`: every lookup of the app, one a line, to read through.
    if let dump = ProcessInfo.processInfo.environment["LOCMERGE_APPS_DUMP"] {
      try listing.joined(separator: "\n").write(
        to: URL(fileURLWithPath: dump).appendingPathComponent(app + ".txt"), atomically: true, encoding: .utf8)
    }
    print(
      "\(app): \(files) files; the text search finds \(searched), the scanner \(found) of them at the same place; "
        + "\(inCommentOrString.count) are in comments or strings, \(missed.count) missed; "
        + "\(onlyScanner.count) lookups of these forms the search misses")
    for line in inCommentOrString + onlyScanner.map({ "scanner only: " + $0 }) { print("  " + line) }
    #expect(missed.isEmpty, "\(missed)")
  }

  /// Each occurrence of `needle`: its byte offset and its position.
  static func occurrences(of needle: String, in bytes: [UInt8]) -> [(Int, TextPosition)] {
    let pattern = Array(needle.utf8)
    var result: [(Int, TextPosition)] = []
    var line = 1
    var lineStart = 0
    var i = 0
    while i + pattern.count <= bytes.count {
      if bytes[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
      if bytes[i] == pattern[0], Array(bytes[i..<(i + pattern.count)]) == pattern {
        let column = String(decoding: bytes[lineStart..<i], as: UTF8.self).unicodeScalars.count + 1
        result.append((i, TextPosition(line: line, column: column)))
      }
      i += 1
    }
    return result
  }

  /// `"comment"` or `"string literal"` when the lexer puts `offset` in one, else `nil`.
  static func commentOrString(at offset: Int, in bytes: [UInt8], _ language: SourceLanguage) -> String? {
    let found = bytes.withUnsafeBufferPointer { bytes in
      let first = { (tokens: SourceTokens) in
        tokens.tokens.first { Int($0.start) <= offset && offset < Int($0.end) }
      }
      return language == .swift
        ? SwiftLexer.withTokens(of: bytes, first) : ObjectiveCLexer.withTokens(of: bytes, first)
    }
    if let token = found {
      return token.kind == .string && Int(token.start) < offset ? "in a string literal" : nil
    }
    return "in a comment"
  }

  static func line(_ number: Int, of text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return number <= lines.count ? lines[number - 1].trimmingCharacters(in: .whitespaces) : ""
  }
}
