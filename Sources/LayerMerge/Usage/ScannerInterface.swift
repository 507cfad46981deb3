// STAND-IN, deleted when branch i32-scanner lands: the declarations of the interface the lead
// agreed between the source scanner (Sources/LayerMerge/SourceScanning/, another engineer's) and
// `locmerge usage`, so that this branch compiles and its tests can make lookups by hand. The
// scanner itself is not here: `SourceScanner.scan` finds nothing until the real one replaces it.

/// The language of a source file, by extension: .swift → swift; .m .mm .h .c .cpp → objectiveC.
public enum SourceLanguage: Hashable, Sendable {
  case swift, objectiveC

  /// The language of a file with this extension (without the dot), if it is a source file.
  public init?(pathExtension: String) {
    switch pathExtension {
    case "swift": self = .swift
    case "m", "mm", "h", "c", "cpp": self = .objectiveC
    default: return nil
    }
  }
}

/// The key a lookup asks for.
public enum LookupKey: Hashable, Sendable {
  /// A plain literal, escapes resolved.
  case literal(String)
  /// A literal with interpolations: the text between them (holes + 1 pieces).
  case interpolated(pieces: [String])
  /// Not a literal: never guessed.
  case dynamic(expression: String)

  /// Whether `tableKey` is what this lookup asks for.
  public func matches(_ tableKey: String) -> Bool {
    switch self {
    case .literal(let key): return key == tableKey
    case .dynamic: return false
    case .interpolated(let pieces):
      let scanned = FormatSpecifier.scan(tableKey, keepingRanges: true)
      guard scanned.ranges.count == pieces.count - 1 else { return false }
      let scalars = Array(tableKey.unicodeScalars)
      var start = 0
      for (index, range) in (scanned.ranges + [scalars.count..<scalars.count]).enumerated() {
        let text = String(String.UnicodeScalarView(scalars[start..<range.lowerBound]))
        guard text == pieces[index] else { return false }
        start = range.upperBound
      }
      return true
    }
  }
}

/// Which table the lookup reads.
public enum LookupTable: Hashable, Sendable {
  case standard
  case named(String)
  case dynamic(expression: String)
}

/// One lookup found in source.
public struct SourceLookup: Hashable, Sendable {
  public var key: LookupKey
  public var table: LookupTable
  public var form: String
  public var position: TextPosition
  public var bundle: String?

  public init(key: LookupKey, table: LookupTable, form: String, position: TextPosition, bundle: String? = nil) {
    self.key = key
    self.table = table
    self.form = form
    self.position = position
    self.bundle = bundle
  }
}

/// A project-specific helper declared in locmerge.json.
public struct LookupHelper: Hashable, Sendable {
  public enum Form: Hashable, Sendable {
    case call(name: String, key: Argument, table: Argument?)
    case property(name: String)
  }
  public enum Argument: Hashable, Sendable { case label(String), position(Int) }
  public var form: Form
  public var defaultTable: String?

  public init(form: Form, defaultTable: String? = nil) {
    self.form = form
    self.defaultTable = defaultTable
  }
}

/// Scans source files (the real one is branch i32-scanner's).
public struct SourceScanner: Sendable {
  public init(helpers: [LookupHelper] = []) {}
  public func scan(_ bytes: [UInt8], language: SourceLanguage) -> [SourceLookup] { [] }
}
