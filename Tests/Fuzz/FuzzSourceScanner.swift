@testable import LayerMerge

/// libFuzzer target: the source scanner on any bytes, as Swift and as Objective-C, with the
/// project helpers of the docs declared. It must not crash or hang, and the same bytes with
/// spaces and comments inserted between tokens must give the same lookups
/// (``SourceScanAgreement``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSourceScanner(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let helpers = [
    LookupHelper(form: .call(name: "L10n.tr", key: .position(1), table: .position(0))),
    LookupHelper(form: .call(name: "localized", key: .label("key"), table: .label("table"))),
    LookupHelper(form: .property(name: "localized")),
  ]
  for language in [SourceLanguage.swift, .objectiveC] {
    if let problem = SourceScanAgreement.problem(bytes, language, helpers: helpers) {
      fatalError("\(language): \(problem)")
    }
  }
  return 0
}
