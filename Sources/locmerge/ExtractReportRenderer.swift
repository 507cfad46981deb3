import LayerMerge

/// The report of `locmerge extract`, as text for people or JSON for tools.
struct ExtractReportRenderer {
  var extraction: Extraction
  var output: String
  /// The project file written with the layers, as the user named it or as it was chosen.
  var projectFile: String
  /// Whether the command takes `--prefer` (`extract` does, `init --xcodeproj` does not).
  var offersPrefer = true
  /// How many items of each list the text shows; JSON lists them all.
  var listLimit = 20

  func text() -> String {
    let report = extraction.report
    var text =
      "Extracted \(report.targets.count) target\(report.targets.count == 1 ? "" : "s") into "
      + "\(DisplayText.escaped(output)): "
    text += "\(ExtractionOptions.baseName) (\(entries(report.baseEntries)))"
    for brand in report.brandEntries {
      // A brand that holds nothing is not written and not named in locmerge.json.
      text +=
        ", \(DisplayText.escaped(brand.name)) (\(brand.entries == 0 ? "empty, not written" : entries(brand.entries)))"
    }
    text += "\n"
    text += emptyBaseText()
    text += "\n"
    var table = TextTable(
      header: ["target", "brand", "inherited", "overridden", "added", "overlay entries", "own", "overlay bytes"])
    table.rightAligned = [2, 3, 4, 5, 6, 7]
    for target in report.targets {
      table.rows.append([
        target.name, target.brand ?? "-", "\(target.inherited)", "\(target.overridden)", "\(target.added)",
        "\(target.overlayEntries) of \(target.copyEntries) (\(percent(target.overlayEntries, target.copyEntries)))",
        "\(target.ownEntries)",
        "\(target.overlayBytes) of \(target.copyBytes) (\(percent(target.overlayBytes, target.copyBytes)))",
      ])
    }
    text += table.text()
    // "own": what no other target has alike, the fewest entries an overlay can hold.
    text += "(own: entries no other target has with the same value, the fewest an overlay can hold)\n\n"
    text += section(
      "Tables some targets lack (an overlay cannot delete; they stay above the base, with the targets that have them):",
      report.missingTables.map {
        "\($0.address.relativePath): missing in \(names($0.missingIn)) (\($0.presentIn) of \(report.targets.count) have it)"
      })
    text += section(
      "Keys some targets lack (an overlay cannot delete; they stay above the base, with the targets that have them):",
      report.missingKeys.map {
        "\($0.address.relativePath) \(quoted($0.key)): missing in \(names($0.missingIn)) (\($0.presentIn) of \(report.targets.count) have it)"
      })
    text += section(
      "Keys where every target has its own value (kept in every overlay"
        + (offersPrefer ? "; --prefer NAME puts one in the base):" : "):"),
      report.perTargetKeys.map { "\($0.address.relativePath) \(quoted($0.key))" })
    text += section(
      "Values that differ from the majority only in whitespace, punctuation or case (a fix applied to some copies only?):",
      report.lookAlikeValues.map {
        "\($0.address.relativePath) \(quoted($0.key)): \(visiblyQuoted($0.majorityValue)) in \($0.majorityCount) "
          + "targets, \(visiblyQuoted($0.value)) in \(names($0.targets))"
      })
    return text
  }

  /// Why the base is empty, with what was compared, when it is.
  func emptyBaseText() -> String {
    guard let cause = extraction.report.emptyBase else { return "" }
    let placeholder = PathText.join(PathText.join(output, ExtractionOptions.baseName), Extraction.placeholderName)
    // What some targets share still goes to layers of theirs; only without any is every overlay whole.
    let shared = extraction.brands.contains { !$0.isEmpty }
    var text =
      "\nNothing is common to every target, so the base is empty (\(DisplayText.escaped(placeholder)) keeps its "
      + "folder); "
      + (shared
        ? "what some targets share is in layers of theirs, the rest in the overlays"
        : "every overlay holds its whole copy") + ", and each target still builds:\n"
    switch cause {
    case .languagesDiffer(let targets):
      text +=
        "  no language is in every copy: "
        + targets.map { "\(DisplayText.escaped($0.target)) has \($0.items.joined(separator: ", "))" }.joined(
          separator: "; ") + ".\n"
    case .pathsDiffer(let targets):
      text +=
        "  no table is at the same path in every copy (a copy named one folder too high or too low?); "
        + "the first paths compared:\n"
      for target in targets {
        text +=
          "    \(DisplayText.escaped(target.target)): \(target.items.map(DisplayText.escaped).joined(separator: ", "))\n"
      }
      text += "  Give each copy as the folder that holds its <lang>.lproj folders.\n"
    case .noSharedValue(let common):
      text +=
        "  the copies have \(common) table\(common == 1 ? "" : "s") in common, but no key of them is in every copy "
        + "with a value two copies share.\n"
    }
    return text
  }

  func json() -> String {
    let report = extraction.report
    let document = JSONValue.object([
      ("output", .string(output)), ("projectFile", .string(projectFile)),
      ("base", .object([("name", .string(ExtractionOptions.baseName)), ("entries", .integer(report.baseEntries))])),
      (
        "brands",
        .array(report.brandEntries.map { .object([("name", .string($0.name)), ("entries", .integer($0.entries))]) })
      ),
      (
        "targets",
        .array(
          report.targets.map { target in
            .object([
              ("name", .string(target.name)), ("brand", target.brand.map(JSONValue.string) ?? .null),
              ("inherited", .integer(target.inherited)), ("overridden", .integer(target.overridden)),
              ("added", .integer(target.added)), ("overlayEntries", .integer(target.overlayEntries)),
              ("copyEntries", .integer(target.copyEntries)), ("ownEntries", .integer(target.ownEntries)),
              ("overlayBytes", .integer(target.overlayBytes)),
              ("copyBytes", .integer(target.copyBytes)),
            ])
          })
      ),
      (
        "missingTables",
        .array(
          report.missingTables.map {
            .object([
              ("table", .string($0.address.relativePath)), ("missingIn", .array($0.missingIn.map(JSONValue.string))),
              ("presentIn", .integer($0.presentIn)),
            ])
          })
      ),
      (
        "missingKeys",
        .array(
          report.missingKeys.map {
            .object([
              ("table", .string($0.address.relativePath)), ("key", .string($0.key)),
              ("missingIn", .array($0.missingIn.map(JSONValue.string))), ("presentIn", .integer($0.presentIn)),
            ])
          })
      ),
      (
        "perTargetKeys",
        .array(
          report.perTargetKeys.map { .object([("table", .string($0.address.relativePath)), ("key", .string($0.key))]) })
      ),
      (
        "lookAlikeValues",
        .array(
          report.lookAlikeValues.map {
            .object([
              ("table", .string($0.address.relativePath)), ("key", .string($0.key)),
              ("majorityValue", .string($0.majorityValue)), ("majorityCount", .integer($0.majorityCount)),
              ("value", .string($0.value)), ("targets", .array($0.targets.map(JSONValue.string))),
            ])
          })
      ),
      ("emptyBase", emptyBaseJSON()),
    ])
    return document.serialized(indent: 2) + "\n"
  }

  // MARK: - Private

  private func emptyBaseJSON() -> JSONValue {
    func items(_ targets: [ExtractionReport.TargetItems], _ name: String) -> JSONValue {
      .array(targets.map { .object([("name", .string($0.target)), (name, .array($0.items.map(JSONValue.string)))]) })
    }
    switch extraction.report.emptyBase {
    case nil: return .null
    case .languagesDiffer(let targets)?:
      return .object([("cause", .string("languages")), ("targets", items(targets, "languages"))])
    case .pathsDiffer(let targets)?:
      return .object([("cause", .string("paths")), ("targets", items(targets, "paths"))])
    case .noSharedValue(let common)?:
      return .object([("cause", .string("values")), ("commonTables", .integer(common))])
    }
  }

  private func section(_ title: String, _ lines: [String]) -> String {
    guard !lines.isEmpty else { return "" }
    var text = "\n" + title + "\n"
    for line in lines.prefix(listLimit) { text += "  " + DisplayText.escaped(line) + "\n" }
    if lines.count > listLimit { text += "  … and \(lines.count - listLimit) more (--format json lists them all)\n" }
    return text
  }

  private func percent(_ part: Int, _ whole: Int) -> String {
    guard whole > 0 else { return "-" }
    let tenths = (part * 1000 + whole / 2) / whole
    return "\(tenths / 10).\(tenths % 10)%"
  }

  private func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }

  private func names(_ names: [String]) -> String { names.joined(separator: ", ") }

  private func quoted(_ text: String) -> String { DisplayText.quoted(text) }

  private func visiblyQuoted(_ text: String) -> String { DisplayText.quotedShowingInvisibles(text) }
}
