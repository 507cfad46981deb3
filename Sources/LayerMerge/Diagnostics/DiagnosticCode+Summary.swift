extension DiagnosticCode {
  /// One line on what the code reports, for reports that describe each rule (SARIF's
  /// `shortDescription`); docs/diagnostics.md has the details and what to do.
  public var summary: String {
    switch self {
    case .unreadableFile: return "A file cannot be read: missing, a folder, a FIFO or device, too large, or refused."
    case .encoding: return "The bytes are not in an encoding Apple's reader accepts."
    case .syntax: return "Apple's reader rejects the whole file: the app gets none of its strings."
    case .truncated: return "Apple's reader silently stops early and loses the entries that follow."
    case .notADictionary: return "The file is not a dictionary of strings; the runtime ignores it."
    case .nonStringValue: return "A .strings value that is not a string."
    case .emptyFile: return "A 0-byte file, which Apple's reader rejects at run time."
    case .duplicateKey: return "A key defined twice in one file; the last one wins."
    case .lowercaseUnicodeEscape: return "A lowercase \\u escape, which Apple keeps literally."
    case .emptyUnicodeEscape: return "A \\U escape with no hex digits, which Apple reads as U+0000."
    case .unsupportedValue: return "A binary property list holds a value no localization table can hold."
    case .uneditableTable: return "A layer table import cannot change without touching other bytes; nothing is written."
    case .invalidLayer:
      return "A layer stack that cannot be meant: a missing folder, a file, a folder twice, nested layers."
    case .emptyLayer: return "A layer without any table."
    case .skippedPath:
      return "Something in a layer was not read: a looping link, a link into the destination, a bad name."
    case .catalogSchema: return "A String Catalog field of the wrong shape, or a required field missing."
    case .equivalentKeys: return "Two catalog keys that are canonically equivalent but differ in their bytes."
    case .undefinedSubstitution: return "A %#@name@ with no substitution of that name."
    case .unusedSubstitution: return "A substitution no %#@name@ refers to."
    case .substitutionCycle: return "A substitution whose plural forms name itself, directly or through others."
    case .pluralWithoutOther: return "A plural without the 'other' case: the app shows \"(null)\"."
    case .pluralCategories: return "A plural lacks categories its language uses, or has some it never uses."
    case .unsupportedVariation: return "A catalog variation a .strings or .stringsdict file cannot express."
    case .duplicateTable: return "Two catalogs of one compilation with the same table name."
    case .sourceLanguageConflict: return "Catalogs of one table whose layers give different source languages."
    case .tablesBesideCatalog: return "A layer has both a catalog and .strings/.stringsdict tables of its name."
    case .translationDrift: return "An overlay changes a source-language value while lower layers' translations stay."
    case .unreviewedOverride: return "A winning catalog override is marked new or needs_review."
    case .formatMismatch: return "Format specifiers that can crash the app with the arguments the code passes."
    case .formatMisprint: return "Format specifiers that print wrong text with the arguments the code passes."
    case .nearMissKey: return "A layer adds a key one edit away from an existing key: probably a failed override."
    case .redundantOverride: return "An override identical to the value it replaces."
    case .missingTranslation: return "Keys of the development language that another language lacks."
    case .overlayOnlyLanguage: return "No longer reported; see missing-translation."
    case .languageCaseConflict: return "Language folders whose names differ only in case."
    case .stringsAndStringsdict: return "A key defined in both .strings and .stringsdict: the .stringsdict entry wins."
    case .missingKey: return "A key the target's code looks up is not in its tables: the app shows the key."
    case .untranslatedKey:
      return "A key the target's code looks up is missing in a language it ships, which falls back."
    case .unusedKey: return "A key of a layer that no target using the layer looks up."
    case .unusedOverride: return "An overlay overrides a key that none of its targets looks up."
    case .unsafeDestination: return "The destination is, contains or lies inside a layer."
    case .writeFailed: return "An output could not be written or removed; nothing was changed."
    case .undeclaredOutput: return "A file the merge writes is not among the Xcode phase's declared outputs."
    case .untrustedRecord: return "The record of earlier outputs is damaged, or an entry is not a table path: ignored."
    case .staleOutputKept: return "A stale output was left in place: it lies behind a link or is not a plain file."
    case .staleFileList: return "A committed .xcfilelist no longer lists what the merge reads or writes."
    case .extractionMismatch:
      return "An extracted stack would not merge back into its copy (a bug; nothing is written)."
    case .projectFile: return "The project file (locmerge.json) cannot be read or has an error."
    case .xcodeProject:
      return "An Xcode project cannot be read or changed (XML, merge conflict, newer format, read-only), or a "
        + "target lacks the locmerge phase."
    case .xliff:
      return "An XLIFF file or .xcloc cannot be read: malformed XML, a DOCTYPE or entity, or not XLIFF 1.2."
    case .foreignOriginal: return "An imported file names no table of the project's layers, or leads out of them."
    case .unknownUnit: return "An imported unit names a key (or plural form) its table does not have: skipped."
    case .changedSource: return "An imported unit translates text the development language no longer has: skipped."
    }
  }
}
