@testable import LayerMerge

/// libFuzzer target: the checks and the compiler on a String Catalog. For every catalog the
/// reader returns, compiling and checking it must not crash or hang, and:
///
/// - the format comparison the checks use (``FormatVariants``, one pass over each format key)
///   finds, for each localization against its source language's arguments, what comparing every
///   variant's whole signature finds (the same form, the same consequence, the same reason but
///   for which of two conflicting types is named);
/// - every compiled file reads back without an error (``LocalizationFileReader``), with exactly
///   the keys and values compiled.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalogChecks(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  CatalogCheckAgreement.check(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}

enum CatalogCheckAgreement {
  static func check(_ bytes: [UInt8]) {
    guard let catalog = StringCatalogReader.parse(bytes, path: "fuzz.xcstrings").catalog else { return }
    let compiled = CatalogCompiler.compile(catalog, path: "fuzz.xcstrings")
    checkFormats(catalog, bytes)
    checkReadBack(compiled, bytes)
  }

  /// The fast comparison against the whole, variant by variant.
  private static func checkFormats(_ catalog: StringCatalog, _ bytes: [UInt8]) {
    let choices = CatalogCompilationChoices.reference
    for entry in catalog.entries {
      guard let localizations = entry.localizations else { continue }
      let source = entry[catalog.sourceLanguage]
      guard let base = CatalogChecks.arguments(of: source?.variant, key: entry.key, choices: choices) else { continue }
      let takesNone = base.arguments.isEmpty
      for localization in localizations {
        for (_, value) in CatalogChecks.values(of: localization.variant, key: entry.key, choices: choices) {
          let variants = FormatVariants(takesNone ? FormatFit.literalPercents(value) : value)
          let fast = variants.worstMismatch(against: base, ignoringStrayPercents: takesNone)
          var expected: (variant: String, mismatch: FormatMismatch)?
          for (variant, whole) in variants.signatures {
            // Against no arguments a `%` that starts no specifier is text, in every variant.
            var signature = whole
            if takesNone, signature.flaw == .invalidSpecifier { signature.flaw = nil }
            guard let mismatch = signature.mismatch(against: base) else { continue }
            if mismatch.consequence == .crash {
              expected = (variant, mismatch)
              break
            }
            expected = expected ?? (variant, mismatch)
          }
          let agree: Bool
          if case .conflictingTypes = fast?.mismatch.reason, case .conflictingTypes = expected?.mismatch.reason {
            agree = fast?.variant == expected?.variant && fast?.mismatch.consequence == expected?.mismatch.consequence
          } else {
            agree = fast?.variant == expected?.variant && fast?.mismatch == expected?.mismatch
          }
          expect(
            agree,
            "the format comparison of \(entry.key) in \(localization.language) found \(String(describing: fast)), "
              + "the whole signatures \(String(describing: expected))", bytes)
        }
      }
    }
  }

  /// Each compiled file read back as the app reads it.
  private static func checkReadBack(_ compiled: CompiledCatalog, _ bytes: [UInt8]) {
    for (index, language) in compiled.languages.enumerated() {
      for file in compiled.outputs(ofLanguage: index) {
        let kind: LocalizationFileKind = file.relativePath.hasSuffix(".stringsdict") ? .stringsdict : .strings
        let parsed = LocalizationFileReader.parse(file.bytes, path: file.relativePath, kind: kind)
        expect(!parsed.hasErrors, "\(file.relativePath) does not read back: \(parsed.diagnostics)", bytes)
        var read: [[UInt8]: LocalizationValue] = [:]
        for entry in parsed.table.entries { read[Array(entry.key.utf8)] = entry.value }
        let written: [(key: String, value: LocalizationValue)] =
          kind == .strings ? language.strings.map { ($0.key, .string($0.value)) } : language.stringsdict
        var expected: [[UInt8]: LocalizationValue] = [:]
        for (key, value) in written { expected[Array(key.utf8)] = value }
        expect(read == expected, "\(file.relativePath) reads back other keys or values", bytes)
      }
    }
  }

  private static func expect(_ condition: Bool, _ message: @autoclosure () -> String, _ bytes: [UInt8]) {
    guard !condition else { return }
    let hex = bytes.prefix(1024).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    fatalError("catalog check disagreement: \(message())\ninput: \(hex)")
  }
}
