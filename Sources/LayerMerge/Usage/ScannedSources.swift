import Dispatch

/// The lookups in a run's source files: each file read and scanned once, however many targets
/// compile it, the files side by side on every core.
///
/// ```swift
/// let scanned = ScannedSources(sources.flatMap { $0 }, scanner: SourceScanner(helpers: project.lookups))
/// let lookups = scanned.files["/p/App/Views/Foo.swift"]?.lookups
/// ```
public struct ScannedSources: Sendable {
  /// What one file gave.
  public struct File: Sendable {
    /// The lookups found, in source order.
    public var lookups: [SourceLookup]
    /// The file as it was when it was read (a build's stamp records it); `nil` when it was not read.
    public var fingerprint: FileFingerprint?
    /// Why the file was not read, at its path; `nil` when it was, or when it is missing.
    public var problem: Diagnostic?
    /// Whether no file is there: a project that lists a deleted file fails to compile anyway,
    /// and says so better than this tool could, so it is only counted.
    public var isMissing = false
    /// The lookups as a target's check reads them, until they are numbered.
    var checked = CheckedLookups()
    /// The file's place in ``ScannedSources/paths``, once numbered.
    var place = -1
  }

  /// Scans one file's bytes: the source scanner, or a stand-in in a test.
  public typealias Scan = @Sendable ([UInt8], SourceLanguage) -> [SourceLookup]

  /// Every file scanned, by path.
  public private(set) var files: [String: File]
  /// The files given, each once, in order: a file's place here is its number for
  /// ``TargetUsage/init(target:places:scanned:merge:copied:rules:)``.
  package private(set) var paths: [String] = []
  /// What each of ``paths`` gave, by place; `nil` for a file whose extension is no source
  /// language's (it is not read).
  private(set) var byPlace: [File?] = []
  /// How many files were read and scanned (a no-change build scans none).
  public private(set) var scannedCount: Int
  /// How many files were not there.
  public private(set) var missingCount = 0
  /// The literal keys the files look up, numbered once for the run.
  private(set) var keyNumbers = LookupKeyNumbers()
  /// The checked lookups of ``paths``, by place, with their keys' numbers.
  private(set) var numbered = NumberedLookups()
  /// The scan that finds a file's lookups with their positions again, when the files keep none.
  private var rescan: Scan?
  /// Which numbered keys each table file shared by several targets' merges defines, worked out
  /// for the first target that ships it (see ``ShippedTables/definedKeys(numbers:shared:)``).
  let sharedDefinitions = SharedMemo<BitSet>()
  /// The keys with format specifiers of those files, by their pieces (see
  /// ``ShippedTables/match(_:table:shared:)``), made for the first target that asks.
  let sharedSkeletons = SharedMemo<ShippedTables.SkeletonIndex>()
  /// What the interpolations match in the tables of one name, by the tables' files
  /// (``ShippedTables/sharedKeysSignature(ofTable:)``), each made for the first target that asks:
  /// the targets over one base's tables match the same keys.
  let sharedMatches = SharedMemo<SharedInterpolationMatches>()

  /// Reads and scans files with the source scanner.
  /// - Parameters:
  ///   - paths: The files; a path given several times is read once.
  ///   - scanner: The scanner, with the project's lookup helpers.
  public init(_ paths: [String], scanner: SourceScanner) {
    self.init(paths, scan: { scanner.scan($0, language: $1) })
  }

  /// Reads files and scans each with `scan`.
  /// - Parameters:
  ///   - paths: The files; a path given several times is read once. A file whose extension is no
  ///     source language's is not read.
  ///   - scan: What finds a file's lookups.
  public init(_ paths: [String], scan: @escaping Scan) {
    var seen: Set<String> = []
    self.init(distinct: paths.filter { seen.insert($0).inserted }, scan: scan)
  }

  /// Reads and scans files no two of which are the same path.
  /// - Parameters:
  ///   - paths: The files, each once (``NumberedSourceFiles``); their places are ``paths``'.
  ///   - scanner: The scanner, with the project's lookup helpers.
  ///   - keepingLookups: Whether each file keeps its lookups (``File/lookups``). Without, the
  ///     lookups are let go once their keys are numbered, and their positions are never worked
  ///     out: enough for ``TargetUsage``, which scans again the few files it reports on
  ///     (``lookups(ofPlace:)``). A run's lookups were most of its memory, a page fault every 4 KB,
  ///     and their positions a pass over every byte.
  package init(distinct paths: [String], scanner: SourceScanner, keepingLookups: Bool = true) {
    let scan: Scan = { scanner.scan($0, language: $1) }
    guard !keepingLookups else {
      self.init(distinct: paths, scan: scan)
      return
    }
    self.init(
      distinct: paths,
      checkedScan: {
        ([], CheckedLookups(scanner.briefScan($0, language: $1)))
      }, keepingLookups: false)
    rescan = scan
  }

  private init(distinct: [String], scan: @escaping Scan) {
    self.init(distinct: distinct) { bytes, language in
      let lookups = scan(bytes, language)
      return (lookups, CheckedLookups(lookups))
    }
  }

  /// Scans one file's bytes and sorts its lookups for the targets' checks.
  private typealias CheckedScan =
    @Sendable ([UInt8], SourceLanguage) -> (
      lookups: [SourceLookup], checked: CheckedLookups
    )

  private init(distinct: [String], checkedScan: @escaping CheckedScan, keepingLookups: Bool = true) {
    let numbering = NumberingInOrder(paths: distinct, batchSize: 16, keepingLookups: keepingLookups)
    performOnEveryCore(iterations: numbering.batchCount) { _, batch in
      numbering.add(numbering.paths(ofBatch: batch).map { Self.read($0, scan: checkedScan) }, batch: batch)
    }
    (files, byPlace, keyNumbers, numbered) = numbering.result()
    paths = distinct
    self.scannedCount = files.values.count { $0.problem == nil && !$0.isMissing }
    self.missingCount = files.values.count(where: \.isMissing)
  }

  /// The lookups of the file at a place, with their positions: the ones kept, or when the files
  /// keep none, those of a new scan of the file (`[]` if it can no longer be read).
  func lookups(ofPlace place: Int) -> [SourceLookup] {
    guard let rescan else { return byPlace[place]?.lookups ?? [] }
    let path = paths[place]
    guard let language = SourceLanguage(pathExtension: PathText.pathExtension(path)),
      let read = try? FileBytes.readRegularFile(path)
    else { return [] }
    return rescan(read.bytes, language)
  }

  /// Reads and scans one file; `nil` when its extension is no source language's.
  private static func read(_ path: String, scan: CheckedScan) -> File? {
    guard let language = SourceLanguage(pathExtension: PathText.pathExtension(path)) else { return nil }
    do throws(FileBytes.Failure) {
      let read = try FileBytes.readRegularFile(path)
      let (lookups, checked) = scan(read.bytes, language)
      return File(lookups: lookups, fingerprint: read.fingerprint, problem: nil, checked: checked)
    } catch {
      guard error != .missing else { return File(lookups: [], fingerprint: nil, problem: nil, isMissing: true) }
      return File(
        lookups: [], fingerprint: nil,
        problem: Diagnostic(.error, .unreadableFile, Self.reason(error), at: SourceLocation(path: path)))
    }
  }

  /// Why a source file was not read, in words for a source file (the reader's speak of tables).
  static func reason(_ failure: FileBytes.Failure) -> String {
    switch failure {
    case .missing: return "cannot read the source file: no such file"
    case .folder: return "cannot read the source file: it is a folder"
    case .notRegular: return "cannot read the source file: \(failure.description)"
    case .tooLarge(let size):
      return "the source file is \(size >> 20) MB, more than the \(FileBytes.maximumSize >> 20) MB read"
    case .system(let message):
      // What a sandboxed Run Script phase gets for a file its input lists do not declare.
      return "cannot read the source file: \(message); a sandboxed build phase reads only the files its input "
        + "file lists declare: run 'locmerge files'"
    }
  }

  /// Nothing scanned.
  public init() {
    files = [:]
    scannedCount = 0
  }
}
