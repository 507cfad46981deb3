/// The `--help` texts. They teach by example, including the Xcode Run Script phase.
enum HelpText {
  static func text(for topic: String?) -> String {
    switch topic {
    case "print": return print
    case "files": return files
    case "lint": return lint
    case "audit": return audit
    case "compile": return compile
    case "merge": return merge
    case "extract": return extract
    case "build": return build
    case "init": return initialize
    default: return overview
    }
  }

  static let overview = """
    OVERVIEW: Layered localization for multi-target Apple apps.

    locmerge merges a base set of .strings/.stringsdict tables with overlays (brand, target, …):
    for every <lang>.lproj/<Table> file, the highest layer that defines a key wins. It keeps
    per-key provenance, checks format specifiers, and writes only files whose bytes changed.

    USAGE: locmerge build   [--target NAME]... [--shard I/N] [-d DEST] [--strict]     (reads locmerge.json)
           locmerge files   [--check]                                              (reads locmerge.json)
           locmerge lint    [--target NAME]... [--strict] [--rule CODE=error|warning|off]...
           locmerge audit   [--target NAME]... [--format text|markdown|csv|json|html]
           locmerge init    -b BASE --targets FOLDER
           locmerge [merge] -b BASE [-s OVERLAY]... -d DEST [options]
           locmerge files   -b BASE [-s OVERLAY]... -d DEST [--input-file-list F] [--output-file-list F]
           locmerge lint    -b BASE [-s OVERLAY]... [--strict] [--rule CODE=error|warning|off]...
           locmerge audit   -b BASE --target NAME=LAYER[:LAYER...]... [--format text|markdown|csv|json|html]
           locmerge print   [--json] FILE...
           locmerge compile CATALOG.xcstrings... -o DIR [-l LANG]... [--dry-run] [--force-build-all-strings]
           locmerge extract -o OUT NAME=DIR... [--group BRAND=NAME,...]... [--prefer NAME] [--format text|json]

    The project file, locmerge.json (found in the current folder, then in $SRCROOT; --config F
    names another), gives every target's layers and destination; see docs/config.md.

    EXAMPLES:
      # The Run Script phase of every target, the same text in each (see 'locmerge help build'):
      "$SRCROOT/tools/locmerge" build --target "$TARGET_NAME"

      # Every target at once, as CI does, each shared layer read once:
      locmerge build -d 'build/{target}'


      # Merge the base with a brand and a target into the target's resources:
      locmerge -b Localization/Base -s Brands/Acme -s Targets/AcmePro -d "$DERIVED_FILE_DIR/Strings"

      # In an Xcode Run Script phase (see 'locmerge help merge'):
      locmerge -b "$SRCROOT/Base" -s "$SRCROOT/Targets/$TARGET_NAME" -d "$DERIVED_FILE_DIR/LocMerge" \\
        --input-file-list "$DERIVED_FILE_DIR/locmerge-inputs.xcfilelist" \\
        --output-file-list "$DERIVED_FILE_DIR/locmerge-outputs.xcfilelist"

      # Who overrides what, across every target, as a web page:
      locmerge audit -b Base --target Acme=Brands/Acme --target AcmePro=Brands/Acme:Targets/AcmePro \\
        --format html -o audit.html

      # Compile String Catalogs as Xcode's xcstringstool does, on any machine:
      locmerge compile Resources/Localizable.xcstrings -o "$DERIVED_FILE_DIR/Strings"

      # Move from full per-target copies to a base and thin overlays, proven exact:
      locmerge extract -o Localization AcmePro=AcmePro/Resources AcmeLite=AcmeLite/Resources

      # A file as Apple's runtime reads it:
      locmerge print --json en.lproj/Localizable.strings

    EXIT STATUS: 0 success, 1 errors found (or warnings with --strict), 64 usage error, 70 internal error.

    See 'locmerge help <command>' for the options of each command.

    """

  static let merge = """
    USAGE: locmerge [merge] -b BASE [-s [NAME=]OVERLAY]... -d DEST [options]

    Merges the layers, lowest first, and writes every merged <lang>.lproj/<Table> file under DEST.
    Only files whose bytes changed are rewritten, all prepared before any replaces an old one; files
    a previous run wrote that are no longer produced are removed; on any error nothing is written.
    The record, stamp and lock live in DEST/.locmerge/ (leave it out when copying DEST into an app);
    two runs on one DEST take turns.

    OPTIONS:
      -b, --base DIR             The lowest layer: the shared translations.
      -s, --overlay [NAME=]DIR   An overlay, higher than the layers before it; repeat for a chain.
                                 NAME labels the layer in provenance (default: the folder name).
      -d, --destination DIR      Where merged tables go. Must not be, contain or lie inside a layer.
      --input-file-list FILE     Write the .xcfilelist of every file read.
      --output-file-list FILE    Write the .xcfilelist of every file written.
      --depfile FILE             Write a Makefile-style dependency file (outputs: inputs).
      --srcroot DIR              Write file-list paths relative to DIR as $(SRCROOT)/… (default: $SRCROOT).
      --provenance FILE          Write who supplied each key, and what it shadowed, as JSON.
      --strict                   Treat warnings as errors.
      -q, --quiet                Print errors only, and no summary.
      --catalogs compiled|merged For tables some layer holds as a String Catalog (.xcstrings): write
                                 the compiled <lang>.lproj tables (default), or the merged catalog.
    \(checkOptions)
      -h, --help                 Show this help.

    XCODE RUN SCRIPT PHASE (one per target, before "Copy Bundle Resources"):
      1. Shell: /bin/sh. Script:
           "$SRCROOT/tools/locmerge" -b "$SRCROOT/Localization/Base" \\
             -s "$SRCROOT/Localization/$TARGET_NAME" -d "$DERIVED_FILE_DIR/LocMerge"
      2. Input File Lists:  $(DERIVED_FILE_DIR)/locmerge-inputs.xcfilelist   (made by 'locmerge files')
         Output File Lists: $(DERIVED_FILE_DIR)/locmerge-outputs.xcfilelist
      3. Keep "Based on dependency analysis" on; see docs/xcode-integration.md for copying the
         merged .lproj folders into the bundle.

    """

  static let build = """
    USAGE: locmerge build [--target NAME]... [--shard I/N] [-d DEST] [--strict] [-q] [options]

    Merges targets of the project file (locmerge.json) into their destinations, with everything
    'merge' does: only changed files rewritten, stale outputs removed, nothing written for a
    target with errors, a run with nothing to do stopped after a few stat calls. Every layer is
    read once however many targets use it; targets are merged and written side by side. Each
    diagnostic is printed once; a table shows every target's outcome. Exit status 1 if any
    target has errors.

    OPTIONS:
      -t, --target NAME          Build this target; repeat for more (default: every target).
      --shard I/N                Build the I-th of N disjoint shares of the targets (a CI matrix:
                                 the N shares together are every target).
      -d, --destination DEST     Write here instead of the project file's destination; with
                                 several targets it needs {target} ('build/{target}').
      -c, --config FILE          The project file (default: ./locmerge.json, else $SRCROOT/locmerge.json).
      --strict                   Treat warnings as errors.
      -q, --quiet                Print errors only, and no summary.
      --catalogs compiled|merged For String Catalogs, write the compiled tables (default) or the
                                 merged catalog; over every target's "catalogs" in the project file.
    \(checkOptions)
                                 These three add to the project file's settings.

    XCODE RUN SCRIPT PHASE (the same in every target, before "Copy Bundle Resources"):
      1. Shell: /bin/sh. Script:  "$SRCROOT/tools/locmerge" build --target "$TARGET_NAME"
      2. Input File Lists:  $(SRCROOT)/Localization/$(TARGET_NAME)-inputs.xcfilelist
         Output File Lists: $(SRCROOT)/Localization/$(TARGET_NAME)-outputs.xcfilelist
         (written by 'locmerge files'; docs/xcode-integration.md)

    EXAMPLES:
      locmerge build --target AcmePro
      locmerge build -d 'build/{target}' --strict
      locmerge build --shard 2/4 -d 'build/{target}'

    """

  static let initialize = """
    USAGE: locmerge init -b BASE --targets FOLDER [-d DEST] [--config FILE] [--force]

    Writes a starting locmerge.json: BASE under every target, and one target per folder of
    FOLDER, named after it, with that folder as its overlay. Add brands and other shared layers
    to each target's "layers" afterwards. Prints the build phase to paste into every target.

    OPTIONS:
      -b, --base DIR             The shared translations.
      --targets FOLDER           The folder with one overlay folder per target.
      -d, --destination DEST     The destination of every target (default: $(DERIVED_FILE_DIR)/LocMerge).
      -c, --config FILE          Where to write (default: locmerge.json).
      --force                    Replace an existing file.

    EXAMPLE:
      locmerge init -b Localization/Base --targets Localization/Targets

    """

  static let files = """
    USAGE: locmerge files -b BASE [-s [NAME=]OVERLAY]... -d DEST [--input-file-list F] [--output-file-list F]
                          [--depfile F] [--srcroot DIR] [--exclude GLOB]... [--catalogs compiled|merged]

    Prints (or, with the list options, writes) the files a merge would read and write, without
    merging, so an Xcode phase can declare them before the first build. Give it the same
    --exclude and --catalogs options as the merge. String Catalogs are read to know which
    languages their compiled tables have (as Xcode's own dry run does).

    With the project file instead of -b: writes every target's input and output lists where its
    "fileLists" setting says (default Localization/<target>-inputs.xcfilelist and
    -outputs.xcfilelist), in one command; --check writes nothing and exits with status 1 when a
    list on disk is out of date (for CI); --json writes nothing and prints each target's inputs
    and outputs as JSON (what the SwiftPM plugin declares); --target NAME chooses targets;
    --catalogs as for build.

    EXAMPLE:
      locmerge files -b Base -s Targets/Pro -d Build/Pro --srcroot . \\
        --input-file-list inputs.xcfilelist --output-file-list outputs.xcfilelist

    """

  static let lint = """
    USAGE: locmerge lint -b BASE [-s [NAME=]OVERLAY]... [--strict] [--provenance FILE] [options]
           locmerge lint [--target NAME]... [--shard I/N] [--strict] [options]   (reads locmerge.json)

    Runs every check of a merge and writes nothing: syntax errors in any layer, format
    specifiers that do not fit (an override against the value it replaces, every language
    against the development language), near-miss keys, redundant overrides, keys defined
    twice, missing translations, language folders differing in case. Without -b, checks every
    target of the project file (each shared layer read once, each problem printed once), with
    the project's settings and the options below on top.

    OPTIONS:
    \(checkOptions)

    EXAMPLES:
      locmerge lint --strict
      locmerge lint -b Base -s Brands/Acme -s Targets/AcmePro --strict
      locmerge lint -b Base --development-language de --rule missing-translation=off --exclude Debug.strings

    """

  static let audit = """
    USAGE: locmerge audit -b BASE --target NAME=LAYER[:LAYER...]... [options]
           locmerge audit [--target NAME]... [options]                        (reads locmerge.json)

    Resolves every target as its own stack over BASE and reports, per table, language and key,
    whether each target inherits, overrides, adds or redundantly repeats the base.

    OPTIONS:
      -b, --base DIR             The shared translations.
      -t, --target NAME=LAYERS   A target: its layers over the base, lowest first, separated by ':'.
      -t, --target NAME=         The base alone, as a target.
      -f, --format FORMAT        text (default), markdown, csv, json or html.
      -k, --key PATTERN          Who defines the keys matching a glob (* and ?), with which value.
      --changes NAME             Everything one target changes, with file:line of each override.
      --status LIST              Only keys with these marks: overridden, added, redundant, error
                                 (comma-separated).
      -o, --output FILE          Write the report to FILE instead of standard output.
    \(checkOptions)

    EXAMPLES:
      locmerge audit -b Base --target Acme=Brands/Acme --target Pro=Brands/Acme:Targets/Pro
      locmerge audit -b Base --target Acme=Brands/Acme --key 'onboarding.*'
      locmerge audit -b Base --target Acme=Brands/Acme --format html -o audit.html
      locmerge audit -b Base --target Base= --target Acme=Brands/Acme --status error,overridden

    """

  /// The options every command that merges shares (the project file's settings).
  static let checkOptions = """
      --development-language L   The language others are compared with (default: en, else the
                                 base's fullest language).
      --rule CODE=LEVEL          Report a diagnostic code as error, warning, or off; codes of
                                 crashes and lost strings cannot be turned off. See
                                 docs/diagnostics.md for the codes.
      --exclude GLOB             Leave tables out of the merge (path inside each layer):
                                 Settings.bundle, '*.lproj/Debug.strings', 'Extensions/**'.
    """

  static let print = """
    USAGE: locmerge print [--json] FILE...

    Prints each .strings or .stringsdict file as Apple's runtime reads it, one JSON object per
    line: {"path": P, "values": {...}} or {"path": P, "error": "line:column: message"}.
    A String Catalog (.xcstrings) prints what each language's compiled tables hold, one line per
    language: {"path": P, "language": L, "values": {...}}.
    Exits with status 1 if any file has an error.

    EXAMPLE:
      locmerge print --json en.lproj/Localizable.strings de.lproj/Localizable.stringsdict

    """

  static let extract = """
    USAGE: locmerge extract -o OUT NAME=DIR... [--group BRAND=NAME,...]... [--prefer NAME] [--format text|json]

    Turns full per-target copies of the tables into layers: OUT/Base holds the keys every target
    has (with the value most targets use), OUT/<NAME> only what differs for that target, and
    OUT/locmerge.json the project file for 'locmerge build'. Before anything is written, every
    target is merged back from the new files and compared with its copy: the same tables, keys
    and values. Keys only some targets have stay in their overlays (an overlay cannot delete).
    OUT must not exist (or be empty) and must not overlap a copy; it is created all at once.

    OPTIONS:
      NAME=DIR                   A target and the folder with its full <lang>.lproj tables.
      -o, --output OUT           The new folder for the base, brands, overlays and locmerge.json.
      -g, --group BRAND=NAMES    A brand layer between the base and the named targets
                                 (comma-separated); repeat for more brands. Written to OUT/BRAND.
      --prefer NAME              On a tie, the base (or brand) takes this target's value.
      -f, --format FORMAT        The report: text (default) or json.

    TIES: the value most targets use wins; on a tie the --prefer target's, else the value of the
    earliest target on the command line. A key every target has with a value of its own stays in
    every overlay.

    EXAMPLE:
      locmerge extract -o Localization --group Acme=AcmePro,AcmeLite \\
        AcmePro=Old/AcmePro AcmeLite=Old/AcmeLite GlobexGo=Old/GlobexGo

    """

  static let compile = """
    USAGE: locmerge compile CATALOG.xcstrings... -o DIR [-l LANG]... [--dry-run] [--force-build-all-strings]

    Compiles String Catalogs as Xcode's 'xcstringstool compile' does, without Xcode: each catalog
    <Table>.xcstrings gives DIR/<lang>.lproj/<Table>.strings and .stringsdict (XML property lists
    in CoreFoundation's layout) for every language that has entries. Checks the catalogs on the
    way: undefined or unused substitutions, plurals without 'other', translations whose format
    specifiers do not fit the source language, plural categories a language lacks or never uses.
    On any error nothing is written. Unchanged files are not rewritten.

    OPTIONS:
      -o, --output-directory DIR   Where the <lang>.lproj folders go.
      -l, --language LANG          Compile only this language; repeat for more (default: all).
      --dry-run                    Print the absolute path of every file that would be written,
                                   one per line, and write nothing.
      --force-build-all-strings    Also compile source-language strings in state 'new'.

    EXAMPLES:
      locmerge compile Localizable.xcstrings InfoPlist.xcstrings -o Build/Resources
      locmerge compile Localizable.xcstrings -o Build/Resources -l de -l fr --dry-run

    """
}
