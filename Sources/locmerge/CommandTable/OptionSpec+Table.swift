/// Every option of every command. An option with the same names but another meaning in another
/// command (`-d` of `merge` and of `build`) is its own entry, so each help says what it does there.
extension OptionSpec {
  // MARK: Layers named on the command line (merge, files, lint, audit with -b)

  static let base = OptionSpec(["--base", "-b"], "DIR", usage: "BASE", "The lowest layer: the shared translations.")
  static let overlay = OptionSpec(
    ["--overlay", "-s"], "[NAME=]DIR", usage: "[NAME=]OVERLAY", repeatable: true,
    "An overlay, higher than the layers before it; repeat for a chain. NAME labels the layer in diagnostics and "
      + "provenance (default: the folder name).")
  static let destination = OptionSpec(
    ["--destination", "-d"], "DIR", usage: "DEST",
    "Where merged tables go. Must not be, contain or lie inside a layer.")
  static let filesDestination = OptionSpec(
    ["--destination", "-d"], "DIR", usage: "DEST",
    "The folder the merge writes. A build setting ('$(DERIVED_FILE_DIR)/LocMerge') stays as written in the lists.")
  static let lintDestination = OptionSpec(
    ["--destination", "-d"], "DIR", usage: "DEST",
    "Check as a merge into DIR would: DIR must not overlap a layer, and links into it are not read.")
  static let state = OptionSpec(
    ["--state"], "DIR",
    "Keep the record, stamp and lock in DIR (a folder of their own, on DEST's volume) instead of DEST/.locmerge: "
      + "DEST gets only tables.")
  static let inputFileList = OptionSpec(
    ["--input-file-list"], "FILE", "Write the .xcfilelist of every file read.")
  static let outputFileList = OptionSpec(
    ["--output-file-list"], "FILE", "Write the .xcfilelist of every file written.")
  static let depfile = OptionSpec(
    ["--depfile"], "FILE", "Write a Makefile-style dependency file (outputs: inputs).")
  static let srcroot = OptionSpec(
    ["--srcroot"], "DIR", "Write file-list paths under DIR as $(SRCROOT)/… (default: $SRCROOT).")
  static let provenance = OptionSpec(
    ["--provenance"], "FILE", "Write who supplied each key, and what it shadowed, as JSON.")
  static let catalogs = OptionSpec(
    ["--catalogs"], "compiled|merged",
    "For tables some layer holds as a String Catalog (.xcstrings): write the compiled <lang>.lproj tables "
      + "(default), or the merged catalog.")

  // MARK: Run

  static let strict = OptionSpec(["--strict"], "Treat warnings as errors.")
  static let quiet = OptionSpec(["--quiet", "-q"], "Print errors only, and no summary.")
  static let help = OptionSpec(["--help", "-h"], "Show this help.")
  static let reporter = OptionSpec(
    ["--reporter"], "NAME",
    "How diagnostics are reported: xcode (default, on standard error), or on standard output json (an array, one "
      + "object per finding), github-actions (workflow commands that annotate the files) or sarif (SARIF 2.1.0).")

  // MARK: The project file (build; files, lint, audit without -b)

  static let config = OptionSpec(
    ["--config", "-c"], "FILE", "The project file (default: ./locmerge.json, else $SRCROOT/locmerge.json).")
  static let buildTarget = OptionSpec(
    ["--target", "-t"], "NAME", repeatable: true, "Build this target; repeat for more (default: every target).")
  static let projectTarget = OptionSpec(
    ["--target", "-t"], "NAME", repeatable: true,
    "A target of the project file; repeat for more (default: every target).")
  static let shard = OptionSpec(
    ["--shard"], "I/N",
    "Only the I-th of N disjoint shares of the targets (a CI matrix: the N shares together are every target).")
  static let buildDestination = OptionSpec(
    ["--destination", "-d"], "DEST",
    "Write here instead of the project file's destination; with several targets it needs {target} "
      + "('build/{target}').")
  static let buildState = OptionSpec(
    ["--state"], "DIR",
    "Keep each target's record, stamp and lock here instead of the project file's \"state\" (DEST/.locmerge "
      + "when -d is given); {target} as for -d.")
  static let projectCatalogs = OptionSpec(
    ["--catalogs"], "compiled|merged",
    "For String Catalogs, the compiled tables (default) or the merged catalog; over every target's \"catalogs\" "
      + "in the project file.")
  static let check = OptionSpec(
    ["--check"], "Write nothing; exit with status 1 when a list on disk is missing or out of date (for CI).")
  static let filesJSON = OptionSpec(
    ["--json"],
    "Write nothing; print each target's layers, inputs and outputs as JSON (what the SwiftPM plugin declares).")
  static let projectSrcroot = OptionSpec(
    ["--srcroot"], "DIR", "Write paths under DIR as $(SRCROOT)/… (default: $SRCROOT, else the project file's folder).")

  // MARK: Checks: the project file's settings, on every command that merges

  static let developmentLanguage = OptionSpec(
    ["--development-language"], "L",
    "The language others are compared with (default: en, else the base's fullest language).")
  static let rule = OptionSpec(
    ["--rule"], "CODE=LEVEL", repeatable: true,
    "Report a diagnostic code as error, warning, or off; codes of crashes and lost strings cannot be turned off. "
      + "See docs/diagnostics.md for the codes.")
  static let exclude = OptionSpec(
    ["--exclude"], "GLOB", repeatable: true,
    "Leave tables out of the merge (path inside each layer): Settings.bundle, '*.lproj/Debug.strings', "
      + "'Extensions/**'.")
  /// The three settings of the project file, on top of it.
  static let checks = [developmentLanguage, rule, exclude]

  // MARK: usage, and the code lint and build check

  static let usageXcodeproj = OptionSpec(
    ["--xcodeproj"], "P.xcodeproj",
    "Read the targets' code from this Xcode project: each target's Compile Sources and synchronized folders "
      + "(default: the project Xcode builds, else the one *.xcodeproj in the current folder, $SRCROOT or beside "
      + "locmerge.json). Targets with \"sources\" in locmerge.json use those.")
  static let checkedXcodeproj = OptionSpec(
    ["--xcodeproj"], "P.xcodeproj",
    "Check the code of the targets without \"sources\" against their tables (missing-key) from this Xcode project "
      + "(default: the project Xcode builds, else the one *.xcodeproj in the current folder, $SRCROOT or beside "
      + "locmerge.json).")
  static let sourceFolders = OptionSpec(
    ["--sources"], "DIR", repeatable: true,
    "The targets' code is the source files under DIR (.swift, .m, .mm, .h, .c, .cpp), instead of their "
      + "\"sources\" or Xcode targets; repeat for more (the SwiftPM plugin passes a target's folder).")
  static let usageTarget = OptionSpec(
    ["--target", "-t"], "NAME", repeatable: true,
    "A target of locmerge.json (without one, of the Xcode project); repeat for more (default: every target; "
      + "without locmerge.json, every app, extension and bundle target).")
  static let usageJSON = OptionSpec(
    ["--json"],
    "Print one JSON document instead of the tables: per target its lookups (literal, dynamic), missing and "
      + "untranslated keys; per layer its unused keys (docs/usage.md).")

  // MARK: audit

  static let auditTarget = OptionSpec(
    ["--target", "-t"], "NAME=LAYERS", usage: "NAME=LAYER[:LAYER...]", repeatable: true,
    "A target: its layers over the base, lowest first, separated by ':'. NAME= is the base alone.")
  static let auditFormat = OptionSpec(
    ["--format", "-f"], "FORMAT", "text (default), markdown, csv, json or html.")
  static let key = OptionSpec(
    ["--key", "-k"], "PATTERN", "Who defines the keys matching a glob (* and ?), with which value.")
  static let changes = OptionSpec(
    ["--changes"], "NAME", "Everything one target changes, with file:line of each override.")
  static let status = OptionSpec(
    ["--status"], "LIST",
    "Only keys with these marks: overridden, added, redundant, error (comma-separated).")
  static let auditOutput = OptionSpec(
    ["--output", "-o"], "FILE", "Write the report to FILE instead of standard output.")

  // MARK: init

  static let initBase = OptionSpec(["--base", "-b"], "DIR", usage: "BASE", "The shared translations.")
  static let targets = OptionSpec(["--targets"], "FOLDER", "The folder with one overlay folder per target.")
  static let initDestination = OptionSpec(
    ["--destination", "-d"], "DEST", "The destination of every target (default: $(DERIVED_FILE_DIR)/LocMerge).")
  static let initConfig = OptionSpec(["--config", "-c"], "FILE", "Where to write (default: locmerge.json).")
  static let force = OptionSpec(["--force"], "Replace an existing file.")
  static let xcodeprojOption = OptionSpec(
    ["--xcodeproj"], "P.xcodeproj",
    "The Xcode project: its product targets' per-target copies of tables become a base and overlays.")
  static let initOutput = OptionSpec(
    ["--output", "-o"], "OUT",
    "The new folder for the layers (default: Localization beside the .xcodeproj); locmerge.json goes beside the "
      + ".xcodeproj.")
  static let initDryRun = OptionSpec(
    ["--dry-run"], "Print what was found and the report of the extraction, and write nothing.")

  // MARK: print

  static let json = OptionSpec(["--json"], "One JSON object per file (or language) and line; the only format.")

  // MARK: compile

  static let outputDirectory = OptionSpec(
    ["--output-directory", "-o"], "DIR", "Where the <lang>.lproj folders go.")
  static let language = OptionSpec(
    ["--language", "-l"], "LANG", repeatable: true, "Compile only this language; repeat for more (default: all).")
  static let dryRun = OptionSpec(
    ["--dry-run"], "Print the absolute path of every file that would be written, one per line, and write nothing.")
  static let forceBuildAllStrings = OptionSpec(
    ["--force-build-all-strings"], "Also compile source-language strings in state 'new'.")

  // MARK: extract

  static let extractOutput = OptionSpec(
    ["--output", "-o"], "OUT", "The new folder for the base, brands and overlays (Localization at the project root).")
  static let extractConfig = OptionSpec(
    ["--config", "-c"], "FILE",
    "Where to write the project file (default: locmerge.json beside OUT); it must not exist.")
  static let onlyLproj = OptionSpec(
    ["--only-lproj"],
    "A copy is only its own <lang>.lproj folders and String Catalogs, not those of its subfolders: a copy folder "
      + "may then hold another copy (macosx and macosx/QuickLookPlugin).")
  static let keepErrors = OptionSpec(
    ["--keep-errors"],
    "Migrate copies whose values 'build' refuses (a format that can crash): each is listed in locmerge.json's "
      + "\"baseline\", which lets build keep exactly those values, and reported as a warning.")
  static let group = OptionSpec(
    ["--group", "-g"], "BRAND=NAMES", usage: "BRAND=NAME,...", repeatable: true,
    "A brand layer between the base and the named targets (comma-separated); repeat for more brands. Written to "
      + "OUT/BRAND.")
  static let prefer = OptionSpec(["--prefer"], "NAME", "On a tie, the base (or brand) takes this target's value.")
  static let extractFormat = OptionSpec(
    ["--format", "-f"], "FORMAT", usage: "text|json", "The report: text (default) or json.")

  // MARK: export, import

  static let exportOutput = OptionSpec(
    ["--output", "-o"], "DIR",
    "Where the files for translators go: DIR/<lang>.xliff (or DIR/<lang>.xcloc) per language. Must not be, "
      + "contain or lie inside a layer.")
  static let exportLanguage = OptionSpec(
    ["--lang", "-l"], "LANG", repeatable: true,
    "Export this language; repeat for more (default: every language a target ships). A language no layer has "
      + "yet is started: every string of the targets is exported for it.")
  static let exportTarget = OptionSpec(
    ["--target", "-t"], "NAME", repeatable: true,
    "Export what this target shows; repeat for more (default: every target). A string several targets show is "
      + "exported once.")
  static let exportAll = OptionSpec(
    ["--all"],
    "Every string, with its current translation where the layer that owns it has one, instead of only what needs "
      + "a translator; importing it back changes nothing.")
  static let xcloc = OptionSpec(
    ["--xcloc"],
    "Write Xcode localization catalogs (DIR/<lang>.xcloc: contents.json, Localized Contents/<lang>.xliff, Source "
      + "Contents/) instead of bare XLIFF files.")
  static let importDryRun = OptionSpec(
    ["--dry-run"], "Print the unified diff of every table the import would change, and write nothing.")
  static let skipInvalid = OptionSpec(
    ["--skip-invalid"],
    "Leave out translations whose format specifiers can crash (each reported) and import the rest, instead of "
      + "importing nothing.")

  // MARK: xcode

  static let xcodeProject = OptionSpec(
    ["--project", "-p"], "P.xcodeproj",
    "The Xcode project (default: the one *.xcodeproj in the current folder, else in $SRCROOT).")
  static let xcodeJSON = OptionSpec(
    ["--json"], "Print one JSON document: the project, its objectVersion and every target with its phase and tables.")
  static let xcodeConfig = OptionSpec(
    ["--config", "-c"], "FILE",
    "The project file (default: locmerge.json in the current folder, else in $SRCROOT, else in the Xcode "
      + "project's folder).")
  static let installTarget = OptionSpec(
    ["--target", "-t"], "NAME", repeatable: true,
    "Install in this target of locmerge.json; repeat for more (default: every target of locmerge.json).")
  static let uninstallTarget = OptionSpec(
    ["--target", "-t"], "NAME", repeatable: true,
    "Take the phase out of this target; repeat for more (default: every target that has it).")
  static let installDryRun = OptionSpec(
    ["--dry-run"], "Print the unified diff of locmerge.json and project.pbxproj, and write nothing.")
  static let uninstallDryRun = OptionSpec(["--dry-run"], "Print the unified diff of project.pbxproj and write nothing.")
  static let xcodeCheck = OptionSpec(
    ["--check"],
    "Write nothing; exit with status 1, naming them, when targets lack the current phase or locmerge.json lacks "
      + "what it needs (for CI).")
  static let removeCopies = OptionSpec(
    ["--remove-copies"],
    "Take the tables the phase writes out of the targets' Copy Bundle Resources (or add them to the target's "
      + "exceptions of a synchronized folder); the files stay on disk and in the navigator.")
  static let tool = OptionSpec(
    ["--tool"], "PATH",
    "The locmerge the phase runs: a path (inside the project: written as $SRCROOT/…) or a command on PATH "
      + "(default: what the installed phase runs, else $SRCROOT/tools/locmerge when it exists, else locmerge on PATH).")
}
