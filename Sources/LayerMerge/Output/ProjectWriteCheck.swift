/// Checks, before a run reads or writes anything, that no path it may write overlaps a path it
/// must leave alone, or another path it writes.
///
/// A run names what it may write — each target's destination and state folder, file lists,
/// a depfile, a report, the project file itself for `init` — and what the whole project holds:
/// every layer of every target, the project file, other targets' destinations. Two paths overlap
/// when they are the same, or one lies inside the other. Paths are compared where they lead
/// (symbolic links resolved as far as the path exists, as ``DestinationSafety`` does) and without
/// regard to case, as macOS volumes usually compare names.
///
/// ```swift
/// var check = project.writeCheck(building: targets)
/// check.writes.append(.file("MyApp.xcodeproj/project.pbxproj", label: "the Xcode project"))
/// for problem in check.problems() { print(problem) }   // usage errors: write nothing
/// ```
///
/// Every overlap involving a write is a problem, with one exception: a target's state folder may
/// lie inside its own destination (the default, `DEST/.locmerge`). Two paths that are only read
/// (a layer inside another) are not this check's concern (``LayerStackValidation`` reports them).
/// The work is linear in the number of paths (after sorting them), however many targets share a
/// layer.
public struct ProjectWriteCheck: Sendable {
  /// A path in the check, with what it is for and how a message names it.
  public struct Path: Hashable, Sendable {
    /// What a path is to the run.
    public enum Role: Hashable, Sendable {
      /// A folder of merged tables: files are created, replaced and removed inside it.
      case destination
      /// A folder for the record, the stamp, the lock and temporary files.
      case state
      /// One file, replaced whole: a file list, a depfile, a report, the project file.
      case file
      /// A folder or file that is only read: a layer, the project file.
      case source
    }

    /// The path, as given (absolute or relative to the current folder).
    public var path: String
    /// What the path is to the run.
    public var role: Role
    /// How a message names it, path included: `the destination of target 'A' (build/A)`.
    public var label: String
    /// The target the path belongs to, if any: a target's state folder may lie in its own destination.
    public var target: String?
    /// Where the path is configured (the target in `locmerge.json`), for the diagnostic.
    public var location: SourceLocation?

    /// Creates a path.
    /// - Parameters:
    ///   - path: The path.
    ///   - role: What it is to the run.
    ///   - label: How a message names it.
    ///   - target: The target it belongs to.
    ///   - location: Where it is configured.
    public init(
      _ path: String, role: Role, label: String, target: String? = nil, location: SourceLocation? = nil
    ) {
      self.path = path
      self.role = role
      self.label = label
      self.target = target
      self.location = location
    }

    /// A layer: `the layer 'Acme' (Brands/Acme)`.
    /// - Parameters:
    ///   - layer: The layer.
    ///   - location: Where it is configured.
    public static func layer(_ layer: Layer, location: SourceLocation? = nil) -> Path {
      Path(
        layer.path, role: .source,
        label: "the layer '\(DisplayText.escaped(layer.name))' (\(DisplayText.escaped(layer.path)))",
        location: location)
    }

    /// A target's destination: `the destination of target 'A' (build/A)`, or `the destination
    /// build/A` without a target.
    /// - Parameters:
    ///   - path: The folder.
    ///   - target: The target's name, if the run has several.
    ///   - location: Where it is configured.
    public static func destination(_ path: String, target: String? = nil, location: SourceLocation? = nil) -> Path {
      Path(path, role: .destination, label: label("the destination", path, target), target: target, location: location)
    }

    /// A target's state folder (record, stamp, lock).
    /// - Parameters:
    ///   - path: The folder.
    ///   - target: The target's name, if the run has several.
    ///   - location: Where it is configured.
    public static func state(_ path: String, target: String? = nil, location: SourceLocation? = nil) -> Path {
      Path(path, role: .state, label: label("the state folder", path, target), target: target, location: location)
    }

    /// A file the run replaces whole.
    /// - Parameters:
    ///   - path: The file.
    ///   - label: What it is, without its path: `"the input file list"`, `"the depfile"`.
    ///   - target: The target it belongs to.
    ///   - location: Where it is configured.
    public static func file(
      _ path: String, label: String, target: String? = nil, location: SourceLocation? = nil
    ) -> Path {
      Path(path, role: .file, label: Self.label(label, path, target), target: target, location: location)
    }

    /// A file or folder that is only read: `the project file (locmerge.json)`.
    /// - Parameters:
    ///   - path: The path.
    ///   - label: What it is, without its path.
    public static func source(_ path: String, label: String) -> Path {
      Path(path, role: .source, label: "\(label) (\(DisplayText.escaped(path)))")
    }

    private static func label(_ noun: String, _ path: String, _ target: String?) -> String {
      guard let target else { return "\(noun) \(DisplayText.escaped(path))" }
      return "\(noun) of target '\(DisplayText.escaped(target))' (\(DisplayText.escaped(path)))"
    }
  }

  /// One overlap: a path the run writes, and the path it overlaps.
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    /// How two paths overlap.
    public enum Relation: Hashable, Sendable {
      /// They are the same path.
      case same
      /// The written path lies inside the other.
      case inside
      /// The written path contains the other.
      case contains
    }

    /// The path the run writes.
    public var write: Path
    /// The path it overlaps: a source, or another path the run writes.
    public var other: Path
    /// How they overlap.
    public var relation: Relation

    /// What is wrong, naming both sides: `the destination of target 'A' (T/B) is the layer 'B' (T/B); …`.
    public var description: String {
      let verb: String
      switch relation {
      case .same: verb = "is"
      case .inside: verb = "lies inside"
      case .contains: verb = "contains"
      }
      return "\(write.label) \(verb) \(other.label); \(consequence)"
    }

    /// The problem as a usage error at the write's place in the project file (or the other's).
    public var diagnostic: Diagnostic {
      Diagnostic(
        .error, .unsafeDestination, "refusing to write: \(description)", at: write.location ?? other.location)
    }

    private var consequence: String {
      guard other.role == .source else {
        if relation == .same { return "both would write the same place" }
        if write.role == .file || other.role == .file { return "one would be written among the other's files" }
        return "one would write into the other's folder, and each run would change what the other wrote"
      }
      switch (write.role, relation) {
      case (.destination, .same): return "merged files would overwrite its sources"
      case (.destination, .inside): return "merged files would be read back as sources"
      case (.destination, .contains): return "stale-output cleanup could remove its sources"
      case (_, .contains): return "writing there could replace its sources"
      default: return "locmerge never writes its files among the sources"
      }
    }
  }

  /// Every path the run may write.
  public var writes: [Path]
  /// Everything the run must leave alone: sources, and what other runs write.
  public var protected: [Path]

  /// Creates a check.
  /// - Parameters:
  ///   - writes: Every path the run may write.
  ///   - protected: Everything it must leave alone.
  public init(writes: [Path], protected: [Path]) {
    self.writes = writes
    self.protected = protected
  }

  /// Every overlap of a written path with another written path or a protected one. Paths that
  /// are the same are each reported once, against the first of them.
  public func problems() -> [Problem] {
    let paths = writes.map { (path: $0, isWrite: true) } + protected.map { (path: $0, isWrite: false) }
    let keys = DestinationSafety.canonicalPaths(paths.map(\.path.path)).map(Self.key)
    // Paths that are the same are one group; groups sorted so that a folder's contents follow it.
    var groupOf: [[UInt8]: Int] = [:]
    var groups: [(key: [UInt8], members: [Int])] = []
    for index in paths.indices {
      if let group = groupOf[keys[index]] {
        groups[group].members.append(index)
      } else {
        groupOf[keys[index]] = groups.count
        groups.append((keys[index], [index]))
      }
    }
    groups.sort { $0.key.lexicographicallyPrecedes($1.key) }

    var problems: [Problem] = []
    func report(_ written: Int, _ other: Int, _ relation: Problem.Relation) {
      problems.append(Problem(write: paths[written].path, other: paths[other].path, relation: relation))
    }
    // The folders above the current group, outermost first.
    var ancestors: [Int] = []
    for (position, group) in groups.enumerated() {
      while let last = ancestors.last, !Self.isInside(group.key, groups[last].key) { ancestors.removeLast() }
      // The same path: each member against the first, where one of the two is written.
      let members = group.members
      for member in members.dropFirst() {
        if paths[member].isWrite {
          report(member, members[0], .same)
        } else if paths[members[0]].isWrite {
          report(members[0], member, .same)
        }
      }
      for ancestor in ancestors {
        for member in members {
          if paths[member].isWrite {
            // One problem per folder above: its members are the same path.
            if let outer = groups[ancestor].members.first(where: {
              !Self.mayNest(paths[member].path, inside: paths[$0].path)
            }) {
              report(member, outer, .inside)
            }
          } else {
            for outer in groups[ancestor].members where paths[outer].isWrite {
              report(outer, member, .contains)
            }
          }
        }
      }
      ancestors.append(position)
    }
    return problems
  }

  /// Whether a canonical path (``DestinationSafety/canonicalPath(_:)``) is `folder` or lies inside
  /// it, compared as every path of the check is (without regard to case): the one rule reads use
  /// too (``SourceRootScope``).
  static func lies(_ path: String, within folder: String) -> Bool {
    let (inner, outer) = (key(path), key(folder))
    return inner == outer || isInside(inner, outer)
  }

  // MARK: - Private

  /// Whether the layout allows `inner` inside `outer`: a target's state folder in its own destination.
  private static func mayNest(_ inner: Path, inside outer: Path) -> Bool {
    inner.role == .state && outer.role == .destination && inner.target == outer.target
  }

  /// The comparison key of a canonical path: its lowercased bytes, `/` as 0 so that a folder's
  /// contents sort right after it (`out`, `out/sub`, `out-x`), the root as the empty key.
  private static func key(_ canonical: String) -> [UInt8] {
    var trimmed = Substring(canonical)
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return trimmed.lowercased().utf8.map { $0 == UInt8(ascii: "/") ? 0 : $0 }
  }

  /// Whether the path keyed `inner` lies strictly inside the one keyed `outer`.
  private static func isInside(_ inner: [UInt8], _ outer: [UInt8]) -> Bool {
    inner.count > outer.count && inner[outer.count] == 0 && inner.starts(with: outer)
  }
}
