@testable import LayerMerge

/// libFuzzer target: the old-style (`.strings`) scanner on its own, on valid UTF-8 text, then the
/// whole reader compared with Foundation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOldStyle(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard firstInvalidUTF8Offset(bytes) == nil else { return 0 }
  let source = SourceText(bytes: bytes, containsSurrogates: false)
  bytes.withUnsafeBufferPointer { text in
    var scanner = OldStylePlistScanner(text: text, containsSurrogates: false, source: source)
    if case .dictionary(let entries, _)? = try? scanner.parseTopLevel() {
      // Reading every part of every entry exercises the spans and the comment finder.
      for entry in entries { _ = (entry.key, entry.value, entry.comment) }
      if let stop = scanner.stopOffset ?? scanner.unterminatedCommentOffset {
        _ = scanner.countRecoverableEntries(from: stop)
      }
    }
  }
  FuzzAgreement.check(bytes)
  return 0
}
