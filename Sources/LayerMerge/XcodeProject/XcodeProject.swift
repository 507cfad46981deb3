/// An Xcode project as this tool reads it: its targets, each target's build phases and localized
/// string tables with their paths resolved, and its synchronized folders. Read-only; the bytes it
/// was read from stay available for ``XcodeProjectEditor``, which changes them surgically.
///
/// ``XcodeProjectReader`` makes one. Paths are relative to ``sourceRoot`` (Xcode's `$(SRCROOT)`:
/// the folder that holds the `.xcodeproj`, moved by the project's `projectDirPath` if it has one).
public struct XcodeProject: Sendable {
  /// A target: native (an app, extension, framework, test bundle…), aggregate or legacy.
  public struct Target: Hashable, Sendable {
    /// The kinds of targets.
    public enum Kind: String, Hashable, Sendable {
      /// `PBXNativeTarget`: builds a product.
      case native
      /// `PBXAggregateTarget`: only runs phases and builds dependencies.
      case aggregate
      /// `PBXLegacyTarget`: runs an external build tool.
      case legacy
    }

    /// The target's object ID.
    public var id: String
    /// The target's name, as `$(TARGET_NAME)` spells it.
    public var name: String
    /// Native, aggregate or legacy.
    public var kind: Kind
    /// The product type (`com.apple.product-type.application`…); `nil` for aggregate and legacy targets.
    public var productType: String?
    /// The build phases in the order Xcode lists them.
    public var buildPhases: [BuildPhase]
    /// The target's localized string tables (see ``LocalizedTable``), sorted by table name.
    public var tables: [LocalizedTable]
    /// The IDs of the synchronized folders whose files belong to the target.
    public var synchronizedFolders: [String]
    /// Everything each build file and synchronized-folder item that brings a localized table or a
    /// translated interface brings into the product, in the order found: what taking one out of
    /// the target would take out of the app.
    public var localizedSources: [LocalizedSource] = []

    /// The localized interface files the target copies with their translations (storyboards,
    /// xibs, any localized file that is not a table): never tables to merge.
    public var interfaces: [LocalizedSource] { localizedSources.filter { $0.interface != nil } }

    /// The phase of a kind, the first one if there are several.
    public func phase(_ kind: BuildPhase.Kind) -> BuildPhase? {
      buildPhases.first { $0.kind == kind }
    }

    /// The table of that name (`Localizable.strings`), if the target has it.
    public func table(named name: String) -> LocalizedTable? {
      tables.first { $0.name == name }
    }
  }

  /// One build phase of a target.
  public struct BuildPhase: Hashable, Sendable {
    /// The kinds of phases, by `isa`.
    public enum Kind: Hashable, Sendable {
      /// Compile Sources (`PBXSourcesBuildPhase`).
      case sources
      /// Copy Bundle Resources (`PBXResourcesBuildPhase`).
      case resources
      /// Link Binary With Libraries (`PBXFrameworksBuildPhase`).
      case frameworks
      /// Headers (`PBXHeadersBuildPhase`).
      case headers
      /// Copy Files (`PBXCopyFilesBuildPhase`).
      case copyFiles
      /// Run Script (`PBXShellScriptBuildPhase`).
      case shellScript
      /// Build Carbon Resources (`PBXRezBuildPhase`).
      case rez
      /// Any other `isa`, or an ID with no object.
      case other(String)
    }

    /// The phase's object ID.
    public var id: String
    /// What kind of phase it is.
    public var kind: Kind
    /// The phase's `name`, if it has one (Run Script and Copy Files phases usually do).
    public var name: String?

    /// The name Xcode shows: `name`, else what Xcode calls the kind (`Resources`, `ShellScript`…).
    public var displayName: String {
      if let name { return name }
      switch kind {
      case .sources: return "Sources"
      case .resources: return "Resources"
      case .frameworks: return "Frameworks"
      case .headers: return "Headers"
      case .copyFiles: return "CopyFiles"
      case .shellScript: return "ShellScript"
      case .rez: return "Rez"
      case .other(let isa): return isa
      }
    }
  }

  /// A localized string table a target copies into its product: `.strings` and `.stringsdict`
  /// files per language, or one String Catalog.
  public struct LocalizedTable: Hashable, Sendable {
    /// How the table reaches the target.
    public enum Source: Hashable, Sendable {
      /// A build file of the target's Copy Bundle Resources phase: a variant group, an `.lproj`
      /// file reference, or a catalog.
      case buildFile(id: String, phase: String)
      /// A synchronized folder: the files found on disk, filtered by the folder's exceptions.
      /// `membershipException` names the table in the folder as Xcode's membership exceptions do
      /// (`/Localized/Sub/Localizable.strings` for the languages of a table, `Sub/L.xcstrings`).
      case synchronizedFolder(id: String, membershipException: String)
    }

    /// The file name: `Localizable.strings`, `Plurals.stringsdict`, `Localizable.xcstrings`.
    public var name: String
    /// Each language's file, relative to the source root; a catalog has one file, under `"*"`.
    public var files: [String: String]
    /// Where the target gets the table from; a table that arrives twice lists both.
    public var sources: [Source]

    /// Whether the table is a String Catalog.
    public var isCatalog: Bool { name.hasSuffix(".xcstrings") }
  }

  /// One file a build file or a synchronized folder brings into a target's product.
  public struct ProductFile: Hashable, Sendable {
    /// The language folder it lands in (`de` for `de.lproj`, `Base`, `mul`), `nil` for none.
    public var language: String?
    /// The file name: `Localizable.strings`, `MainInterface.storyboard`, `Main.xcstrings`.
    public var name: String
    /// The file, relative to the source root (absolute, or `$(…)/…`, when the project says so).
    public var path: String
    /// Whether the file lies outside the source root, as written or through a link: it is never
    /// read, and left out of ``Target/tables``.
    public var isOutsideProject: Bool

    /// Creates a file.
    public init(language: String?, name: String, path: String, isOutsideProject: Bool = false) {
      self.language = language
      self.name = name
      self.path = path
      self.isOutsideProject = isOutsideProject
    }

    /// Where the file lands among the product's resources: `de.lproj/Localizable.strings`, or
    /// its name when it is in no language folder.
    public var productPath: String { language.map { "\($0).lproj/\(name)" } ?? name }

    /// Whether the file is a String Catalog (Xcode compiles it into `.strings` per language).
    public var isCatalog: Bool { name.hasSuffix(".xcstrings") }
  }

  /// What one build file of a Copy Bundle Resources phase, or one localized item of a
  /// synchronized folder, brings into a target's product: every file, with where it lands.
  ///
  /// A variant group is either a table group (every file a `.strings`, `.stringsdict` or catalog:
  /// its tables are in ``Target/tables``) or an interface group: a storyboard, xib, intent
  /// definition or any other file that is not a table, with the `.strings` (or `mul.lproj`
  /// catalog) Xcode translates it with. An interface's `.strings` are not tables to merge.
  public struct LocalizedSource: Hashable, Sendable {
    /// The build file or synchronized-folder item.
    public var source: LocalizedTable.Source
    /// The name Xcode shows for it: the variant group's, the file's, the table's.
    public var name: String
    /// The interface file the source translates (`MainInterface.storyboard`), `nil` for tables.
    public var interface: String?
    /// Every file it brings, in the order of the project (or of the folder on disk).
    public var files: [ProductFile]
  }

  /// A synchronized folder (Xcode 16, `PBXFileSystemSynchronizedRootGroup`): a folder whose files
  /// belong to the targets that list it, less each target's exceptions.
  public struct SynchronizedFolder: Hashable, Sendable {
    /// The folder's object ID.
    public var id: String
    /// The folder, relative to the source root.
    public var path: String
    /// The IDs of the targets that list it.
    public var targets: [String]
    /// Each target's membership exceptions (paths inside the folder, as the project writes them),
    /// by target ID: files left out of a target that lists the folder, added to one that does not.
    public var membershipExceptions: [String: [String]]
    /// Subfolders Xcode treats as single items (`explicitFolders`), not searched for tables.
    public var explicitFolders: [String]
  }

  /// The `.xcodeproj` folder (or the project file, when it is not inside one), as given.
  public var path: String
  /// The `project.pbxproj` file.
  public var filePath: String
  /// `$(SRCROOT)`: the folder project paths are relative to.
  public var sourceRoot: String
  /// The format of the file (`objectVersion`).
  public var objectVersion: Int
  /// The targets, in the order of the project's `targets` list.
  public var targets: [Target] {
    didSet { targetIndex = NameIndex(targets.lazy.map(\.name)) }
  }
  /// Where each target's name first stands in ``targets``.
  private var targetIndex: NameIndex
  /// The synchronized folders, in the order of the file.
  public var synchronizedFolders: [SynchronizedFolder]
  /// What reading the project left out, each said once: files and synchronized folders the
  /// project names outside its source root (as written or through a link), which are never read.
  public var diagnostics: [Diagnostic] = []
  /// The text the project was read from, for editing.
  package let document: PBXDocument
  /// The file as it was when it was read (size, time, inode), when it was read from disk: a write
  /// refuses a file that changed since.
  package var fingerprint: FileFingerprint?

  init(
    path: String, filePath: String, sourceRoot: String, objectVersion: Int, targets: [Target],
    synchronizedFolders: [SynchronizedFolder], document: PBXDocument, fingerprint: FileFingerprint?
  ) {
    self.path = path
    self.filePath = filePath
    self.sourceRoot = sourceRoot
    self.objectVersion = objectVersion
    self.targets = targets
    self.targetIndex = NameIndex(targets.lazy.map(\.name))
    self.synchronizedFolders = synchronizedFolders
    self.document = document
    self.fingerprint = fingerprint
  }

  /// The target with this name, if the project has one (one lookup, however many targets).
  public func target(named name: String) -> Target? {
    targetIndex.position(of: name).map { targets[$0] }
  }
}
