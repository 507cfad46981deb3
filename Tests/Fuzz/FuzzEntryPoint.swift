@testable import LayerMerge

/// libFuzzer target: the whole reader (`LocalizationFileReader.parse`), every encoding and
/// syntax, compared with Foundation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntryPoint(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FuzzAgreement.check(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
