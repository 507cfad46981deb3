/// The commands: their forms (CommandForm+Table.swift) and the prose of their help pages. The
/// OPTIONS of each page are made from the forms.
extension CommandSpec {
  /// Every command, in the order of the top-level usage.
  static let all: [CommandSpec] = [
    build, merge, files, lint, usage, audit, initialize, print, compile, extract, xcode, export, importTranslations,
  ]

  /// The command a word selects, if any.
  static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

  static let build = CommandSpec(
    name: "build", forms: [.build],
    about: """
      Merges targets of the project file (locmerge.json) into their destinations, with everything
      'merge' does: only changed files rewritten, stale outputs removed, nothing written for a
      target with errors, a run with nothing to do stopped after a few stat calls. Every layer is
      read once however many targets use it; targets are merged and written side by side. Each
      diagnostic is printed once; a table shows every target's outcome. Exit status 1 if any
      target has errors. A target's code ("sources" in locmerge.json, else its Xcode target's) is
      checked against its tables: a key it looks up that the target lacks (missing-key) fails the
      target at the source line ('locmerge help usage'). --development-language, --rule and
      --exclude add to the project file's settings.
      """,
    more: """
      XCODE RUN SCRIPT PHASE (the same in every target, before "Copy Bundle Resources";
      'locmerge xcode install' adds it to every target of locmerge.json):
        1. Shell: /bin/sh. Script:  "$SRCROOT/tools/locmerge" build --target "$TARGET_NAME"
        2. Input File Lists:  $(SRCROOT)/Localization/$(TARGET_NAME)-inputs.xcfilelist
           Output File Lists: $(SRCROOT)/Localization/$(TARGET_NAME)-outputs.xcfilelist
           (written by 'locmerge files'; docs/xcode-integration.md)

      EXAMPLES:
        locmerge build --target AcmePro
        locmerge build -d 'build/{target}' --strict
        locmerge build --shard 2/4 -d 'build/{target}'
      """)

  static let merge = CommandSpec(
    name: "merge", forms: [.merge],
    about: """
      Merges the layers, lowest first, and writes every merged <lang>.lproj/<Table> file under DEST.
      Only files whose bytes changed are rewritten, all prepared before any replaces an old one; files
      a previous run wrote that are no longer produced are removed; on any error nothing is written.
      The record, stamp and lock live in DEST/.locmerge/ (leave it out when copying DEST into an app);
      two runs on one DEST take turns. Without a command, locmerge -b … -d … is merge.
      """,
    more: """
      XCODE RUN SCRIPT PHASE (one per target, before "Copy Bundle Resources"):
        1. Shell: /bin/sh. Script:
             "$SRCROOT/tools/locmerge" -b "$SRCROOT/Localization/Base" \\
               -s "$SRCROOT/Localization/$TARGET_NAME" -d "$DERIVED_FILE_DIR/LocMerge"
        2. Input File Lists:  $(DERIVED_FILE_DIR)/locmerge-inputs.xcfilelist   (made by 'locmerge files')
           Output File Lists: $(DERIVED_FILE_DIR)/locmerge-outputs.xcfilelist
        3. Keep "Based on dependency analysis" on; see docs/xcode-integration.md for copying the
           merged .lproj folders into the bundle.
      """)

  static let files = CommandSpec(
    name: "files", forms: [.filesWithProject, .filesWithLayers],
    about: """
      With the project file: writes every target's input and output .xcfilelist where its
      "fileLists" setting says (default Localization/<target>-inputs.xcfilelist and
      -outputs.xcfilelist), in one command; --check writes nothing and fails when a list on disk is
      out of date (for CI); --json writes nothing and prints each target's files as JSON.

      With -b: prints (or, with the list options, writes) the files a merge of those layers would
      read and write, without merging, so an Xcode phase can declare them before the first build.
      Give it the same --exclude and --catalogs options as the merge. String Catalogs are read to
      know which languages their compiled tables have (as Xcode's own dry run does).
      """,
    more: """
      EXAMPLES:
        locmerge files
        locmerge files --check
        locmerge files -b Base -s Targets/Pro -d Build/Pro --srcroot . \\
          --input-file-list inputs.xcfilelist --output-file-list outputs.xcfilelist
      """)

  static let lint = CommandSpec(
    name: "lint", forms: [.lintWithProject, .lintWithLayers],
    about: """
      Runs every check of a merge and writes nothing: syntax errors in any layer, format
      specifiers that do not fit (an override against the value it replaces, every language
      against the development language), near-miss keys, redundant overrides, keys defined
      twice, missing translations, language folders differing in case. Without -b, checks every
      target of the project file (each shared layer read once, each problem printed once), with
      the project's settings and the options below on top, and each target's code against its
      tables (missing-key, untranslated-key; 'locmerge help usage').
      """,
    more: """
      EXAMPLES:
        locmerge lint --strict
        locmerge lint -b Base -s Brands/Acme -s Targets/AcmePro --strict
        locmerge lint -b Base --development-language de --rule missing-translation=off --exclude Debug.strings
      """)

  static let usage = CommandSpec(
    name: "usage", forms: [.usage],
    about: """
      Compares, per target, the keys its code looks up with the tables that target ships: lookups
      read by a lexer from its Swift and Objective-C files (NSLocalizedString, String(localized:),
      Text, LocalizedStringResource, the helpers of "lookups" in locmerge.json…), its tables merged
      from its stack. A key the development language lacks shows raw on screen (missing-key,
      error, at the source line); a key a shipped language lacks falls back (untranslated-key);
      keys of a layer no target using it looks up (unused-key, unused-override) are listed with
      the number of dynamic lookups, which are counted, never guessed. A target's code is its
      "sources" in locmerge.json, else the Compile Sources and synchronized folders of the Xcode
      target of its name. Without locmerge.json, each app and extension target of the Xcode project
      is checked against the tables it copies today. Prints a table per target and per layer.
      'lint' and 'build' check missing-key and untranslated-key too.
      """,
    more: """
      EXAMPLES:
        locmerge usage
        locmerge usage --target AcmePro --json
        locmerge usage --xcodeproj App.xcodeproj
        locmerge usage --rule unused-key=off --reporter github-actions
      """)

  static let audit = CommandSpec(
    name: "audit", forms: [.auditWithProject, .auditWithLayers],
    about: """
      Resolves every target as its own stack over the base and reports, per table, language and
      key, whether each target inherits, overrides, adds or redundantly repeats the base. Without
      -b, the project file's targets (--target NAME chooses among them) and settings.
      """,
    more: """
      EXAMPLES:
        locmerge audit --format html -o audit.html
        locmerge audit -b Base --target Acme=Brands/Acme --target Pro=Brands/Acme:Targets/Pro
        locmerge audit -b Base --target Acme=Brands/Acme --key 'onboarding.*'
        locmerge audit -b Base --target Base= --target Acme=Brands/Acme --status error,overridden
      """)

  static let initialize = CommandSpec(
    name: "init", forms: [.initXcode, .initialize],
    about: """
      With --xcodeproj: reads the Xcode project, finds the tables two or more product targets
      (apps, extensions, plugin bundles, XPC services) have under different files — their
      per-target copies — and extracts them, one table at a time, into OUT/Base (what every
      target shares), OUT/<target> (what each has of its own) and layers shared by some targets
      only, proven to merge back into each copy as 'extract' proves it. Tables the targets share
      through the same files, and tables one target has, stay where they are. Writes
      locmerge.json beside the .xcodeproj with the destination and state folder of the Xcode
      phase; then 'locmerge xcode install --remove-copies' wires every target.

      With -b: writes a starting locmerge.json: BASE under every target, and one target per folder
      of FOLDER, named after it, with that folder as its overlay. Add brands and other shared
      layers to each target's "layers" afterwards.
      """,
    more: """
      EXAMPLES:
        locmerge init --xcodeproj Shop.xcodeproj --dry-run
        locmerge init --xcodeproj Shop.xcodeproj && locmerge xcode install --remove-copies
        locmerge init -b Localization/Base --targets Localization
      """)

  static let print = CommandSpec(
    name: "print", forms: [.print],
    about: """
      Prints each .strings or .stringsdict file as Apple's runtime reads it, one JSON object per
      line: {"path": P, "values": {...}} or {"path": P, "error": "line:column: message"}.
      A String Catalog (.xcstrings) prints what each language's compiled tables hold, one line per
      language: {"path": P, "language": L, "values": {...}}.
      Exits with status 1 if any file has an error.
      """,
    more: """
      EXAMPLE:
        locmerge print --json en.lproj/Localizable.strings de.lproj/Localizable.stringsdict
      """)

  static let compile = CommandSpec(
    name: "compile", forms: [.compile],
    about: """
      Compiles String Catalogs as Xcode's 'xcstringstool compile' does, without Xcode: each catalog
      <Table>.xcstrings gives DIR/<lang>.lproj/<Table>.strings and .stringsdict (XML property lists
      in CoreFoundation's layout) for every language that has entries. Checks the catalogs on the
      way: undefined or unused substitutions, plurals without 'other', translations whose format
      specifiers do not fit the source language, plural categories a language lacks or never uses.
      On any error nothing is written. Unchanged files are not rewritten.
      """,
    more: """
      EXAMPLES:
        locmerge compile Localizable.xcstrings InfoPlist.xcstrings -o Build/Resources
        locmerge compile Localizable.xcstrings -o Build/Resources -l de -l fr --dry-run
      """)

  static let extract = CommandSpec(
    name: "extract", forms: [.extract],
    about: """
      Turns full per-target copies of the tables into layers: OUT/Base holds the keys every target
      has (with the value most targets use), OUT/<NAME> only what differs for that target, and
      locmerge.json beside OUT (at the project root) the project file for 'locmerge build' and
      'locmerge xcode install'. Before anything is written, every target is merged back from the
      new files and compared with its copy: the same tables, keys and values; and every value
      'build' would refuse (a format that can crash) is reported where it is in the copy, and
      stops the run unless --keep-errors. Keys only some targets have stay in their overlays (an
      overlay cannot delete). OUT must not exist (or be empty) and must not overlap a copy; it is
      created all at once. With an Xcode project, 'locmerge init --xcodeproj' finds the copies.
      """,
    more: """
      TIES: the value most targets use wins; on a tie the --prefer target's, else the value of the
      earliest target on the command line. A key every target has with a value of its own stays in
      every overlay. An overlay with nothing of its own is not written and not named; an empty
      base is written as OUT/Base/.gitkeep, and the report says why nothing is common.

      EXAMPLE:
        locmerge extract -o Localization --group Acme=AcmePro,AcmeLite \\
          AcmePro=Old/AcmePro AcmeLite=Old/AcmeLite GlobexGo=Old/GlobexGo
      """)

  static let xcode = CommandSpec(
    name: "xcode", forms: [.xcodeShow, .xcodeInstall, .xcodeUninstall],
    about: """
      show: every target of the Xcode project with its product type, build phases and localized
      tables (variant groups and .lproj files of Copy Bundle Resources, String Catalogs, and the
      tables of synchronized folders found on disk), paths relative to the project's folder; '*'
      marks per-target copies (other targets have that table under different files), and 'phase'
      says whether the locmerge phase is there and current for locmerge.json.

      install: adds one Run Script phase, the same in every target of locmerge.json (or those
      named), right before Copy Bundle Resources; it runs 'locmerge build --target "$TARGET_NAME"'
      with the target's file lists, which install writes too. The merged tables go straight into
      the product ($(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)), the record, stamp and
      lock to $(TARGET_TEMP_DIR)/locmerge: install sets "destination" and "state" in locmerge.json
      to those. A rerun updates the phase in place, or changes nothing. Only the lines of the
      phase, of the targets' phase lists and of removed copies change; the file is replaced at
      once, never while it has merge-conflict markers.

      uninstall: takes out exactly the phase install added (a project installed and uninstalled
      is byte for byte what it was); copies removed with --remove-copies stay removed.
      """,
    more: """
      If the project is open in Xcode, let Xcode reload it from disk when it asks.

      EXAMPLES:
        locmerge xcode show
        locmerge xcode show --json --project App.xcodeproj
        locmerge xcode install --dry-run
        locmerge xcode install --remove-copies
        locmerge xcode install --check
        locmerge xcode uninstall --target AcmePro
      """)

  static let export = CommandSpec(
    name: "export", forms: [.export],
    about: """
      Writes what translators need, one XLIFF 1.2 file per language (DIR/<lang>.xliff, in Xcode's
      dialect), from the layers of the project file's targets. Each string belongs to the layer
      whose development-language text the targets show: its <file original="…"> is that layer's
      development-language table (Localization/Acme/en.lproj/Localizable.strings), relative to the
      project, and 'locmerge import' puts the translation beside it. A string several targets show
      is one unit. By default only what needs a translator: a string some target shows without a
      translation in a language it ships, or whose translation comes from a layer below the one
      that changed its text (a brand changed the English; the German is still the base's).
      .stringsdict plurals and String Catalog variations are exported as Xcode exports them, with
      the plural categories of each language.
      """,
    more: """
      EXAMPLES:
        locmerge export -o Translations
        locmerge export -o Translations --lang de --lang fr --xcloc
        locmerge export -o Translations --target AcmePro --all
      """)

  static let importTranslations = CommandSpec(
    name: "import", forms: [.importTranslations],
    about: """
      Puts translated XLIFF files back into the layers: each unit with a <target> goes into the
      table of its language beside its original (Localization/Acme/de.lproj/Localizable.strings, or
      the layer's catalog), the entry replaced in place or appended with its note as the comment,
      the file and its folder created if absent (a new .strings file in the encoding of its
      development-language file). Every other byte of every table stays, and so does each file's
      encoding; importing the same files twice changes nothing. Reads what Xcode, translation
      services and translate-toolkit write (.xliff, .xcloc), state attributes included: a target
      marked new or needs-translation is not a translation yet.

      Refused, with nothing written (exit status 1): a translation whose format specifiers can
      crash against its development-language text (as 'build' checks it), each named at its line
      and column in the XLIFF (--skip-invalid imports the rest); an original that is not a table
      of the project's layers, or leads out of them; an XLIFF with a DOCTYPE or entities. A key
      the original no longer has, or a translation of text that has changed since the export, is
      a warning and is left out.
      """,
    more: """
      EXAMPLES:
        locmerge import Translations/de.xliff Translations/fr.xliff
        locmerge import Translations --dry-run
        locmerge import Translations/ja.xcloc --skip-invalid
      """)
}
