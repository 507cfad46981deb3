import Foundation

@testable import LayerMerge

/// What every fuzz target checks after its own parser ran: the whole reader on the same bytes
/// agrees with `PropertyListSerialization`, or its error is one Foundation shares or one we
/// document. A disagreement stops the fuzzer with the input saved, like a crash.
enum FuzzAgreement {
  /// Reads `bytes` as both kinds of table and compares each with Foundation, asked once.
  static func check(_ bytes: [UInt8]) {
    let readings = [LocalizationFileKind.strings, .stringsdict].map { kind in
      LocalizationFileReader.parse(bytes, path: "fuzz.\(kind.fileExtension)", kind: kind)
    }
    // Values no table can hold: Foundation reads them (and crashes bridging a set on Linux), so
    // it is not asked. Our error is the documented refusal.
    if readings.contains(where: { $0.diagnostics.contains { $0.code == .unsupportedValue } }) {
      for parsed in readings {
        expect(parsed.table.isEmpty, "an unsupported value left entries", parsed, bytes)
        expect(parsed.hasErrors, "one kind refuses a value the other reads", parsed, bytes)
      }
      return
    }
    let verdict: Result<Any, Error> = Result {
      try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
    }
    for parsed in readings { check(parsed, bytes: bytes, verdict: verdict) }
  }

  /// Compares one reading with Foundation's.
  static func check(_ parsed: ParsedFile, bytes: [UInt8], verdict: Result<Any, Error>) {
    let errors = parsed.diagnostics.filter { $0.severity == .error }
    // XML declared in an encoding other than UTF-8 or Latin-1: a documented refusal.
    if errors.contains(where: { $0.code == .encoding && $0.message.contains("locmerge reads XML property lists only") })
    {
      expect(parsed.table.isEmpty, "an unread encoding left entries", parsed, bytes)
      return
    }
    guard case .success(let object) = verdict else {
      if bytes.isEmpty {
        expect(parsed.diagnostics.map(\.code) == [.emptyFile], "empty file", parsed, bytes)
      } else {
        expect(
          errors.contains { $0.code == .syntax || $0.code == .encoding }, "Foundation rejects, we accept", parsed,
          bytes)
        expect(parsed.table.isEmpty, "Foundation rejects, we keep entries", parsed, bytes)
      }
      return
    }
    guard let dictionary = object as? [String: Any] else {
      expect(errors.contains { $0.code == .notADictionary }, "Foundation reads a non-dictionary", parsed, bytes)
      expect(parsed.table.isEmpty, "a non-dictionary left entries", parsed, bytes)
      return
    }
    expect(parsed.isReadByFoundation, "Foundation reads a dictionary, we do not", parsed, bytes)
    expect(errors.allSatisfy { $0.code == .truncated }, "Foundation reads a dictionary, we fail", parsed, bytes)
    let theirs = dictionary.mapValues { FoundationBridge.value(from: $0) }
    let ours = parsed.table.values
    expect(
      theirs.count == ours.count && theirs.allSatisfy { key, value in ours[key].map { same($0, value) } ?? false },
      "values differ: ours \(ours), Foundation's \(theirs)", parsed, bytes)
  }

  // MARK: - Private

  /// Equality that holds NaN equal to NaN (the readers agree on NaN; `==` on Double does not).
  private static func same(_ lhs: LocalizationValue, _ rhs: LocalizationValue) -> Bool {
    switch (lhs, rhs) {
    case (.real(let a), .real(let b)): return a == b || (a.isNaN && b.isNaN)
    case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(same)
    case (.dictionary(let a), .dictionary(let b)):
      return a.count == b.count && a.pairs.allSatisfy { pair in b[pair.key].map { same(pair.value, $0) } ?? false }
    default: return lhs == rhs
    }
  }

  private static func expect(
    _ condition: Bool, _ message: @autoclosure () -> String, _ parsed: ParsedFile, _ bytes: [UInt8]
  ) {
    guard !condition else { return }
    let hex = bytes.prefix(512).map { String(format: "%02x", $0) }.joined()
    fatalError("disagreement with Foundation: \(message())\nour diagnostics: \(parsed.diagnostics)\ninput: \(hex)")
  }
}
