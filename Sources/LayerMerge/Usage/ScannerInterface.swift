// STAND-IN, deleted when the source scanner (Sources/LayerMerge/SourceScanning/, another engineer's
// branch) lands: its public types are on main already, its scanner is not, so that this branch
// compiles. `scan` finds nothing until the real one replaces it; the tests make lookups by hand.

/// Scans source files (the real one is branch i32-scanner's).
public struct SourceScanner: Sendable {
  public init(helpers: [LookupHelper] = []) {}
  public func scan(_ bytes: [UInt8], language: SourceLanguage) -> [SourceLookup] { [] }
}
