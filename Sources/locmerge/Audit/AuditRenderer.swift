import LayerMerge

/// Renders an audit report as text, Markdown, CSV, JSON or HTML.
struct AuditRenderer {
  var report: AuditReport
  /// The marks `--status` keeps; empty keeps everything.
  var statuses: Set<AuditReport.Mark> = []
  /// The longest line of text output.
  var width = TerminalWidth.fallback

  static let letters: [AuditReport.Mark: String] = [
    .error: "E", .overridden: "O", .added: "A", .redundant: "R", .inherited: "",
  ]

  // MARK: - Full report

  func fullView(format: AuditOptions.Format, filter: String) -> String {
    switch format {
    case .json: return AuditDocument.json(for: report, statuses: statuses).serialized(indent: 2) + "\n"
    case .csv: return matrixTable(words: true).csv()
    case .html: return AuditPage(report: report, filter: filter, statuses: statuses).html()
    case .markdown:
      var text = "## Localization audit: \(report.targets.count) targets over \(shown(report.base.name))\n\n"
      if !report.problems.isEmpty {
        text += "### Errors (\(report.problems.count))\n\n"
        text +=
          report.problems.map { problem in
            "- `\(location(problem.diagnostic))` \(problem.diagnostic.message) (in \(shown(targets(of: problem))))"
          }.joined(separator: "\n") + "\n\n"
      }
      text += "### Summary\n\n" + summaryTable().markdown() + "\n"
      text += languageDrillDown()
      text += "### Override matrix\n\n" + legend + "\n\n"
      let rows = report.rows(marked: statuses)
      text += rows.isEmpty ? "No target changes any key.\n" : matrixTable(words: false).markdown()
      if !report.suggestions.isEmpty {
        text += "\n<details><summary>Clean-up suggestions (\(report.suggestions.count))</summary>\n\n"
        text +=
          report.suggestions.map { "- **\(shown($0.target))**: `\(location($0.diagnostic))` \($0.diagnostic.message)" }
          .joined(separator: "\n") + "\n\n</details>\n"
      }
      return text
    case .text:
      var text =
        wrapParagraph(
          "Localization audit: \(report.targets.count) targets over \(report.base.name) (\(report.base.path))",
          width: width, indent: "", hanging: "  ") + "\n"
      if !report.problems.isEmpty {
        text += "ERRORS (\(report.problems.count))\n"
        for problem in report.problems {
          text += wrapParagraph(
            "\(location(problem.diagnostic)): \(problem.diagnostic.message)", width: width, indent: "  ",
            hanging: "      ")
          text += wrapParagraph(
            "in \(targets(of: problem))", width: width, indent: "      ", hanging: "      ")
        }
        text += "\n"
      }
      text += "SUMMARY (keys across languages; --changes NAME lists what one target changes)\n"
      text += summaryTable().text(width: width) + "\n"
      text += wrapParagraph("OVERRIDE MATRIX (\(legend))", width: width, indent: "", hanging: "  ")
      let rows = report.rows(marked: statuses)
      text += rows.isEmpty ? "No target changes any key.\n" : matrixText()
      if !report.suggestions.isEmpty {
        text += "\nCLEAN-UP SUGGESTIONS\n"
        for suggestion in report.suggestions {
          text += wrapParagraph(
            "\(suggestion.target): \(location(suggestion.diagnostic)): \(suggestion.diagnostic.message)",
            width: width, indent: "  ", hanging: "      ")
        }
      }
      return text
    }
  }

  /// The matrix in columns that fit the width: the key column wraps, and when the targets do
  /// not fit beside it they are shown a group at a time.
  private func matrixText() -> String {
    let table = matrixTable(words: false)
    let keyWidth = min(table.rows.map { $0[0].count }.max() ?? 3, max(24, width / 3))
    var groups: [[Int]] = []
    var current: [Int] = []
    var used = keyWidth
    for column in 1..<table.header.count {
      let columnWidth = ([table.header] + table.rows).map { $0[column].count }.max() ?? 1
      if !current.isEmpty, used + 2 + columnWidth > width {
        groups.append(current)
        current = []
        used = keyWidth
      }
      current.append(column)
      used += 2 + columnWidth
    }
    groups.append(current)
    return groups.enumerated().map { index, columns in
      var part = TextTable(header: [table.header[0]] + columns.map { table.header[$0] })
      part.rows = table.rows.map { row in [row[0]] + columns.map { row[$0] } }
      let caption =
        groups.count == 1 ? "" : "Targets \(columns[0])–\(columns[columns.count - 1]) of \(table.header.count - 1):\n"
      return caption + part.text(width: width, wrapping: 0)
    }.joined(separator: "\n")
  }

  private var legend: String {
    let filtered =
      statuses.isEmpty ? "" : "; only rows with " + statuses.sorted().map(\.rawValue).joined(separator: ", ")
    return "E error, O overridden, A added, R redundant; a number is how many languages, when not all" + filtered
  }

  private func summaryTable() -> TextTable {
    var table = TextTable(
      header: ["target", "layers", "languages", "keys", "overridden", "added", "redundant", "errors", "changed"],
      rightAligned: [2, 3, 4, 5, 6, 7, 8])
    for target in report.targets {
      let counts = target.keyCounts
      table.rows.append([
        target.name, Self.layers(of: target), String(target.languages.count), String(target.keyCount),
        String(counts[.overridden] ?? 0), String(counts[.added] ?? 0), String(counts[.redundant] ?? 0),
        String(counts[.error] ?? 0), Self.percent(target.shareChanged),
      ])
    }
    return table
  }

  /// Per target, the counts per language, in a collapsible block (Markdown).
  private func languageDrillDown() -> String {
    var text = ""
    for target in report.targets {
      var table = TextTable(
        header: ["language"] + KeyProvenance.Status.allCases.map(\.rawValue), rightAligned: [1, 2, 3, 4])
      for language in target.languages {
        let counts = target.countsByLanguage[language] ?? AuditReport.Counts()
        table.rows.append([language] + KeyProvenance.Status.allCases.map { String(counts[$0]) })
      }
      text +=
        "<details><summary>\(shown(target.name)) by language</summary>\n\n" + table.markdown() + "\n</details>\n\n"
    }
    return text
  }

  /// "Brands/Acme → Targets/Acme", or "(base alone)".
  static func layers(of target: AuditReport.Target) -> String {
    target.overlays.isEmpty ? "(base alone)" : target.overlays.map(\.name).joined(separator: " → ")
  }

  /// A share as a percentage with one decimal that never rounds a change away: "<0.1%".
  static func percent(_ share: Double) -> String {
    if share <= 0 { return "0%" }
    if share < 0.001 { return "<0.1%" }
    let tenths = Int((share * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }

  private func matrixTable(words: Bool) -> TextTable {
    var table = TextTable(
      header: (words ? ["table", "kind", "key", "status"] : ["key"]) + report.targets.map(\.name))
    let languageCounts = report.targets.map(Self.languageCounts)
    for (row, cells) in report.rows(marked: statuses) {
      let marks = zip(languageCounts, cells).map { counts, cell -> String in
        guard let cell else { return words ? "" : "·" }
        if words {
          return cell.byLanguage.keys.sorted().map { language in
            let status = cell.errorsByLanguage[language] != nil ? "error" : cell.byLanguage[language]?.status.rawValue
            return "\(language):\(status ?? "")"
          }.joined(separator: " ")
        }
        return Self.label(of: cell, languages: counts["\(row.table)/\(row.kind.rawValue)"] ?? 0)
      }
      if words {
        let worst = cells.compactMap { $0?.mark }.min() ?? .inherited
        table.rows.append([row.table, row.kind.rawValue, row.key, worst.rawValue] + marks)
      } else {
        table.rows.append([row.label] + marks)
      }
    }
    return table
  }

  /// `O`, `A2`, `E1`: the cell's mark, and in how many languages when not in all of them.
  static func label(of cell: AuditReport.Cell, languages all: Int) -> String {
    let mark = cell.mark
    let count =
      mark == .error
      ? cell.errorsByLanguage.count : cell.byLanguage.values.filter { AuditReport.Mark($0.status) == mark }.count
    let letter = letters[mark] ?? "?"
    return count == all ? letter : "\(letter)\(count)"
  }

  /// How many languages each table (`Localizable/strings`) has in a target's merge.
  static func languageCounts(_ target: AuditReport.Target) -> [String: Int] {
    var counts: [String: Int] = [:]
    for table in target.result.tables {
      let address = table.address
      let name = address.directory.isEmpty ? address.table : "\(address.directory)/\(address.table)"
      counts["\(name)/\(address.kind.rawValue)", default: 0] += 1
    }
    return counts
  }

  // MARK: - --key

  func keyView(_ glob: Glob, format: AuditOptions.Format) -> String {
    struct Line {
      var address: TableAddress
      var key: String
      var base: Definition?
      var perTarget: [KeyProvenance?]
    }
    var lines: [String: Line] = [:]
    for (index, target) in report.targets.enumerated() {
      for table in target.result.tables {
        for record in table.provenance where glob.matches(record.key) {
          let id = "\(table.address.relativePath)\u{0}\(record.key)"
          var line =
            lines[id]
            ?? Line(
              address: table.address, key: record.key, base: nil,
              perTarget: Array(repeating: nil, count: report.targets.count))
          line.base = line.base ?? ([record.winner] + record.shadowed).first { $0.layerIndex == 0 }
          line.perTarget[index] = record
          lines[id] = line
        }
      }
    }
    let sorted = lines.values.sorted { ($0.address, $0.key) < ($1.address, $1.key) }
    if format == .json {
      return JSONValue.array(
        sorted.map { line in
          .object([
            ("path", .string(line.address.relativePath)), ("language", .string(line.address.language)),
            ("key", .string(line.key)), ("base", line.base.map(definitionJSON) ?? .null),
            (
              "targets",
              .object(
                zip(report.targets, line.perTarget).map { target, record in
                  (
                    target.name,
                    record.map {
                      .object([("status", .string($0.status.rawValue)), ("winner", definitionJSON($0.winner))])
                    }
                      ?? .null
                  )
                })
            ),
          ])
        }
      ).serialized(indent: 2) + "\n"
    }
    var table = TextTable(header: ["table", "language", "key", "base"] + report.targets.map(\.name))
    for line in sorted {
      let cells = line.perTarget.map { record -> String in
        guard let record else { return "—" }
        return record.status == .inherited ? "= base" : "\(display(record.winner.value)) [\(record.status.rawValue)]"
      }
      let tableName =
        line.address.directory.isEmpty ? line.address.table : "\(line.address.directory)/\(line.address.table)"
      table.rows.append(
        [tableName, line.address.language, line.key, line.base.map { display($0.value) } ?? "—"] + cells)
    }
    switch format {
    case .csv: return table.csv()
    case .markdown: return table.markdown()
    default: return sorted.isEmpty ? "No key matches.\n" : table.text(width: width, leadColumns: 3)
    }
  }

  // MARK: - --changes

  func changesView(target name: String, format: AuditOptions.Format) -> String {
    guard let target = report.targets.first(where: { $0.name == name }) else { return "" }
    let errorLocations = Set(target.result.diagnostics.filter { $0.severity == .error }.compactMap(\.location))
    var records: [(TableAddress, KeyProvenance, hasError: Bool)] = []
    for table in target.result.tables {
      for record in table.provenance where record.status != .inherited {
        let hasError = ([record.winner] + record.shadowed).contains {
          $0.position != nil && errorLocations.contains($0.location)
        }
        var marks: Set<AuditReport.Mark> = [AuditReport.Mark(record.status)]
        if hasError { marks.insert(.error) }
        if statuses.isEmpty || !marks.isDisjoint(with: statuses) { records.append((table.address, record, hasError)) }
      }
    }
    if format == .json {
      return JSONValue.array(
        records.map { address, record, hasError in
          .object([
            ("path", .string(address.relativePath)), ("key", .string(record.key)),
            ("status", .string(record.status.rawValue)), ("error", .bool(hasError)),
            ("winner", definitionJSON(record.winner)), ("shadowed", .array(record.shadowed.map(definitionJSON))),
          ])
        }
      ).serialized(indent: 2) + "\n"
    }
    var table = TextTable(header: ["path", "key", "status", "value", "defined at", "replaces", "replaced at"])
    for (address, record, hasError) in records {
      let below = record.shadowed.first
      table.rows.append([
        address.relativePath, record.key, record.status.rawValue + (hasError ? ", error" : ""),
        display(record.winner.value), record.winner.location.description, below.map { display($0.value) } ?? "",
        below?.location.description ?? "",
      ])
    }
    switch format {
    case .csv: return table.csv()
    case .markdown: return "### Changes made by \(shown(name))\n\n" + table.markdown()
    default: return records.isEmpty ? "\(shown(name)) changes nothing.\n" : table.text(width: width, leadColumns: 3)
    }
  }

  // MARK: - Helpers

  /// The targets that report a problem: "every target", or their names.
  func targets(of problem: AuditReport.Problem) -> String {
    report.targets.count > 1 && problem.targets.count == report.targets.count
      ? "every target" : problem.targets.joined(separator: ", ")
  }

  /// A name from the input, escaped for a terminal.
  private func shown(_ text: String) -> String { DisplayText.escaped(text) }

  private func location(_ diagnostic: Diagnostic) -> String {
    diagnostic.location?.description ?? "locmerge"
  }

  private func definitionJSON(_ definition: Definition) -> JSONValue {
    .object([
      ("layer", .string(definition.layer)), ("value", JSONValue(definition.value)), ("file", .string(definition.file)),
      ("line", definition.position.map { .integer($0.line) } ?? .null),
      ("column", definition.position.map { .integer($0.column) } ?? .null),
    ])
  }

  /// A value on one line: strings with control characters escaped as everything printed from the
  /// input is (``DisplayText/escaped(_:)``: `\n`, `\t`, `\u{1B}`), and in the same form the
  /// spaces that print like a space or not at all (a no-break space is `\u{A0}`); rules as
  /// compact JSON.
  func display(_ value: LocalizationValue) -> String {
    guard case .string(let text) = value else { return JSONValue(value).serialized() }
    return DisplayText.escapedShowingInvisibles(text)
  }
}
