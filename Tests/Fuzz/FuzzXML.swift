@testable import LayerMerge

/// libFuzzer target: the XML property-list parser on its own, then the whole reader compared with
/// Foundation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  bytes.withUnsafeBufferPointer { text in
    var parser = XMLPropertyListParser(text: text, containsSurrogates: false)
    _ = try? parser.parseDocument()
  }
  FuzzAgreement.check(bytes)
  return 0
}
