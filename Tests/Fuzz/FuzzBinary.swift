@testable import LayerMerge

/// libFuzzer target: the binary property-list reader on its own (inputs get the `bplist00`
/// magic), then the whole reader compared with Foundation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinary(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  var bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if !bytes.starts(with: Array("bplist0".utf8)) { bytes = Array("bplist00".utf8) + bytes }
  _ = BinaryPropertyListReader.read(bytes)
  FuzzAgreement.check(bytes)
  return 0
}
