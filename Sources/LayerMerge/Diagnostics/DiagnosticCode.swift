/// The kinds of problems LayerMerge reports. The raw values are stable and appear in JSON output.
public enum DiagnosticCode: String, Hashable, Sendable, CaseIterable {
  // Reading
  /// The file could not be read from disk.
  case unreadableFile = "unreadable-file"
  /// The bytes are not in an encoding Apple's reader accepts.
  case encoding
  /// A syntax error: Apple's reader rejects the whole file.
  case syntax
  /// Apple's reader silently stops early and loses the entries that follow.
  case truncated
  /// The file parses to something other than a dictionary, which the runtime ignores.
  case notADictionary = "not-a-dictionary"
  /// A `.strings` value that is not a string.
  case nonStringValue = "non-string-value"
  /// A 0-byte file.
  case emptyFile = "empty-file"
  /// A key defined twice in one file.
  case duplicateKey = "duplicate-key"
  /// A lowercase `\u` escape, which Apple keeps literally.
  case lowercaseUnicodeEscape = "lowercase-u-escape"
  /// A `\U` escape with no hex digits, which Apple reads as U+0000.
  case emptyUnicodeEscape = "empty-U-escape"
  /// A binary property list holding a value no localization table can hold (null, UID, set…).
  case unsupportedValue = "unsupported-value"
  /// A layer table that `import` cannot change surgically (a binary property list, a value of
  /// another kind where the edit sets a string, a variable without its format): nothing is written.
  case uneditableTable = "uneditable-table"

  // Layers
  /// A layer stack that cannot be what the user meant: a missing folder, a file, the same folder
  /// twice, a layer inside another, or the destination among them.
  case invalidLayer = "invalid-layer"
  /// A layer without any table.
  case emptyLayer = "empty-layer"
  /// Something in a layer that was not read: a link that loops or leads into the destination, a
  /// name that is not valid UTF-8, a folder named like a table. Also a file or synchronized folder
  /// an Xcode project names outside its source root (as written or through a link): never read.
  case skippedPath = "skipped-path"

  // String Catalogs
  /// A catalog field or unit of the wrong shape, or a required field missing.
  case catalogSchema = "catalog-schema"
  /// Two catalog keys (or languages) that are canonically equivalent but differ in their bytes.
  case equivalentKeys = "equivalent-keys"
  /// A `%#@name@` with no substitution of that name.
  case undefinedSubstitution = "undefined-substitution"
  /// A substitution no `%#@name@` refers to.
  case unusedSubstitution = "unused-substitution"
  /// A substitution whose forms name itself, directly or through other substitutions.
  case substitutionCycle = "substitution-cycle"
  /// A plural without the `other` case (the app shows "(null)").
  case pluralWithoutOther = "plural-without-other"
  /// Plural categories the language does not use, or lacks.
  case pluralCategories = "plural-categories"
  /// Something the compiler cannot express in a `.strings` or `.stringsdict` file.
  case unsupportedVariation = "unsupported-variation"
  /// Two catalogs of one compilation with the same table name.
  case duplicateTable = "duplicate-table"
  /// Catalogs of one table whose layers give different source languages.
  case sourceLanguageConflict = "source-language-conflict"
  /// A layer with both a catalog and `.strings`/`.stringsdict` tables of the same name.
  case tablesBesideCatalog = "tables-beside-catalog"
  /// An overlay changes a key's source-language value while lower layers' translations stay.
  case translationDrift = "translation-drift"
  /// A winning catalog override marked `new` or `needs_review`.
  case unreviewedOverride = "unreviewed-override"

  // Merging
  /// A value whose format specifiers can crash the app with the arguments the code passes: an
  /// override against the value it replaces, a translation against the development language.
  case formatMismatch = "format-mismatch"
  /// A value whose format specifiers print wrong text with the arguments the code passes (a
  /// pointer read as a number, an integer of another size).
  case formatMisprint = "format-misprint"
  /// An added key one edit away from an existing key.
  case nearMissKey = "near-miss-key"
  /// An override identical to the value it replaces.
  case redundantOverride = "redundant-override"
  /// A key of the development language missing from another language.
  case missingTranslation = "missing-translation"
  /// No longer reported: a language only overlays have is a layout `extract` writes, and the
  /// keys it lacks are ``missingTranslation``s in the first overlay that has it. Kept so that
  /// project files and `--rule` options naming it stay valid.
  case overlayOnlyLanguage = "overlay-only-language"
  /// Language folders whose names differ only in case.
  case languageCaseConflict = "language-case-conflict"
  /// A key defined in both `.strings` and `.stringsdict` of one table.
  case stringsAndStringsdict = "strings-and-stringsdict"

  // Usage: the keys each target's code looks up
  /// A key a target's code looks up that the target's tables lack in the development language:
  /// the app shows the key.
  case missingKey = "missing-key"
  /// A key a target's code looks up that a language the target ships lacks: that language falls
  /// back to the development language.
  case untranslatedKey = "untranslated-key"
  /// A key of a layer that no target using the layer looks up.
  case unusedKey = "unused-key"
  /// An overlay overrides a key that none of its targets looks up.
  case unusedOverride = "unused-override"

  // Writing and build integration
  /// The output directory overlaps a layer.
  case unsafeDestination = "unsafe-destination"
  /// An output file could not be written or removed.
  case writeFailed = "write-failed"
  /// A file the merge writes is not declared to Xcode.
  case undeclaredOutput = "undeclared-output"
  /// The record of earlier outputs is damaged, or one of its entries is not a table path: ignored.
  case untrustedRecord = "untrusted-record"
  /// A stale output was left in place: it lies behind a symbolic link or is not a plain file.
  case staleOutputKept = "stale-output-kept"
  /// A committed `.xcfilelist` that no longer lists what the merge reads or writes (`files --check`).
  case staleFileList = "stale-file-list"

  // Extraction
  /// An extracted stack would not merge back into the copy it came from (nothing is written).
  case extractionMismatch = "extraction-mismatch"

  // Configuration
  /// The project file (`locmerge.json`) cannot be read or has an error.
  case projectFile = "project-file"
  /// An Xcode project (`project.pbxproj`) that cannot be read or changed.
  case xcodeProject = "xcode-project"

  // Translation: XLIFF
  /// An XLIFF file or `.xcloc` bundle that cannot be read: not well-formed XML, a DOCTYPE or
  /// entity declaration, an encoding other than UTF-8 or UTF-16, or not XLIFF 1.2 as Xcode and
  /// translation tools write it.
  case xliff

  // Translators' round trip (`import`)
  /// An XLIFF `original` that is not a table of a layer of the project, or leads out of it.
  case foreignOriginal = "foreign-original"
  /// An imported unit whose key (or place in the entry) the original's table does not have.
  case unknownUnit = "unknown-unit"
  /// An imported unit translated from text the development language no longer has.
  case changedSource = "changed-source"
}
