extension TranslationExport {
  /// Every language's XLIFF document rendered (``Language/xliff(developmentLanguage:tool:)``),
  /// on every core, in the order of ``languages``.
  /// - Parameter tool: The `<header>`'s tool.
  public func renderedXLIFF(tool: XLIFFTool) -> [XLIFFWriter.Rendering] {
    let developmentLanguage = developmentLanguage
    return languages.concurrentMap {
      XLIFFWriter.render($0.xliff(developmentLanguage: developmentLanguage, tool: tool))
    }
  }
}

extension TranslationExport.Language {
  /// The language as an XLIFF 1.2 document in Xcode's dialect: one `<file>` per owning table,
  /// `original` its development-language file relative to the project, each unit with Xcode's
  /// id for its place in the entry, its `<target>` when the owning layer has a translation, and
  /// its `<note>`.
  /// - Parameters:
  ///   - developmentLanguage: The `source-language` of every file.
  ///   - tool: The `<header>`'s tool.
  public func xliff(developmentLanguage: String, tool: XLIFFTool) -> XLIFFDocument {
    XLIFFDocument(
      files: tables.map { table in
        XLIFFFile(
          original: table.original, sourceLanguage: developmentLanguage, targetLanguage: language,
          datatype: "plaintext", tool: tool,
          units: table.units.map { unit in
            XLIFFUnit(
              id: Self.unitID(unit, kind: table.kind).id, source: unit.source, target: unit.target,
              targetState: unit.target == nil ? nil : Self.xliffState(unit.state), note: unit.note,
              position: TextPosition(line: 1, column: 1))
          }, position: TextPosition(line: 1, column: 1))
      })
  }

  /// Xcode's id of a unit in a table of this kind.
  static func unitID(_ unit: TranslationUnit, kind: LocalizationFileKind) -> XLIFFUnitID {
    switch kind {
    case .strings: return .key(unit.key)
    case .stringsdict: return .stringsdict(key: unit.key, path: unit.path)
    case .xcstrings: return .catalog(key: unit.key, variation: unit.path)
    }
  }

  /// The XLIFF state of a catalog translation's state, as Xcode exports it.
  static func xliffState(_ state: String?) -> String? {
    switch state {
    case "translated": return "translated"
    case "needs_review": return "needs-review-l10n"
    case "new": return "new"
    default: return nil
    }
  }
}

extension TranslationImportFile {
  /// The translations of every `<file>` of an XLIFF document, each unit's id read as Xcode
  /// writes it for the kind of table `original` names. An id of no such form is a warning
  /// (``problems``); an empty `<source>` or `<note>` counts as none.
  /// - Parameters:
  ///   - document: The document.
  ///   - path: Where it was read from, for diagnostics.
  public static func files(of document: XLIFFDocument, path: String) -> [TranslationImportFile] {
    document.files.map { file in
      let kind = PathText.pathExtension(file.original)
      var units: [Unit] = []
      var untranslated = 0
      var problems: [Diagnostic] = []
      for unit in file.units {
        let location = SourceLocation(path: path, position: unit.targetPosition ?? unit.position)
        guard let target = unit.target else {
          untranslated += 1
          continue
        }
        let key: String
        let place: [String]
        switch XLIFFUnitID(id: unit.id, originalExtension: kind) {
        case .key(let name)?: (key, place) = (name, [])
        case .stringsdict(let name, let path)?: (key, place) = (name, path)
        case .catalog(let name, let variation)?: (key, place) = (name, variation)
        case nil:
          problems.append(
            Diagnostic(
              .warning, .unknownUnit,
              "the unit id \(quoted(unit.id)) names no entry of a .\(kind) table as Xcode writes ids; the unit is "
                + "left out", at: location))
          continue
        }
        units.append(
          Unit(
            key: key, path: place, source: unit.source.isEmpty ? nil : unit.source, target: target,
            state: unit.targetState, note: unit.note.flatMap { $0.isEmpty ? nil : $0 }, location: location))
      }
      return TranslationImportFile(
        original: file.original, language: file.targetLanguage,
        location: SourceLocation(path: path, position: file.position), units: units, untranslated: untranslated,
        problems: problems)
    }
  }
}
