import Foundation
import LayerMerge

/// Renders an audit report as text, Markdown, CSV, JSON or HTML.
struct AuditRenderer {
  var report: AuditReport

  static let letters: [KeyProvenance.Status: String] = [.overridden: "O", .added: "A", .redundant: "R", .inherited: ""]

  // MARK: - Full report

  func fullView(format: AuditOptions.Format, filter: String) -> String {
    switch format {
    case .json: return AuditDocument.json(for: report).serialized(indent: 2) + "\n"
    case .csv: return matrixTable(words: true).csv()
    case .html: return AuditPage(report: report, filter: filter).html()
    case .markdown:
      var text = "## Localization audit: \(report.targets.count) targets over \(report.base.name)\n\n"
      text += "### Summary\n\n" + summaryTable().markdown() + "\n"
      text += "### Override matrix\n\n" + legend + "\n\n"
      text += report.matrix.isEmpty ? "No target changes any key.\n" : matrixTable(words: false).markdown()
      if !report.suggestions.isEmpty {
        text += "\n<details><summary>Clean-up suggestions (\(report.suggestions.count))</summary>\n\n"
        text +=
          report.suggestions.map { "- **\($0.target)**: `\(location($0.diagnostic))` \($0.diagnostic.message)" }
          .joined(separator: "\n") + "\n\n</details>\n"
      }
      return text
    case .text:
      var text =
        "Localization audit: \(report.targets.count) targets over \(report.base.name) (\(report.base.path))\n\n"
      text += "SUMMARY\n" + summaryTable().text() + "\n"
      text += "OVERRIDE MATRIX (\(legend))\n"
      text += report.matrix.isEmpty ? "No target changes any key.\n" : matrixTable(words: false).text()
      if !report.suggestions.isEmpty {
        text += "\nCLEAN-UP SUGGESTIONS\n"
        text +=
          report.suggestions.map { "  \($0.target): \(location($0.diagnostic)): \($0.diagnostic.message)" }
          .joined(separator: "\n") + "\n"
      }
      return text
    }
  }

  private var legend: String {
    "O overridden, A added, R redundant; a number is how many languages, when not all"
  }

  private func summaryTable() -> TextTable {
    var table = TextTable(
      header: ["target", "language"] + KeyProvenance.Status.allCases.map(\.rawValue), rightAligned: [2, 3, 4, 5])
    for target in report.targets {
      for language in target.countsByLanguage.keys.sorted() {
        let counts = target.countsByLanguage[language] ?? AuditReport.Counts()
        table.rows.append(
          [target.name, language] + KeyProvenance.Status.allCases.map { String(counts[$0]) })
      }
    }
    return table
  }

  private func matrixTable(words: Bool) -> TextTable {
    var table = TextTable(header: (words ? ["table", "kind", "key"] : ["key"]) + report.targets.map(\.name))
    let languageCounts = report.targets.map(Self.languageCounts)
    for (row, cells) in report.matrix {
      let marks = zip(languageCounts, cells).map { counts, cell -> String in
        guard let cell else { return words ? "" : "·" }
        let languages = cell.byLanguage.keys.sorted()
        if words {
          return cell.byLanguage.keys.sorted().map { "\($0):\(cell.byLanguage[$0]?.status.rawValue ?? "")" }
            .joined(separator: " ")
        }
        let letter = Self.letters[cell.status] ?? "?"
        let all = counts["\(row.table)/\(row.kind.rawValue)"] ?? 0
        return languages.count == all ? letter : "\(letter)\(languages.count)"
      }
      table.rows.append((words ? [row.table, row.kind.rawValue, row.key] : [row.label]) + marks)
    }
    return table
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
    default: return sorted.isEmpty ? "No key matches.\n" : table.text()
    }
  }

  // MARK: - --changes

  func changesView(target name: String, format: AuditOptions.Format) -> String {
    guard let target = report.targets.first(where: { $0.name == name }) else { return "" }
    var records: [(TableAddress, KeyProvenance)] = []
    for table in target.result.tables {
      for record in table.provenance where record.status != .inherited { records.append((table.address, record)) }
    }
    if format == .json {
      return JSONValue.array(
        records.map { address, record in
          .object([
            ("path", .string(address.relativePath)), ("key", .string(record.key)),
            ("status", .string(record.status.rawValue)),
            ("winner", definitionJSON(record.winner)), ("shadowed", .array(record.shadowed.map(definitionJSON))),
          ])
        }
      ).serialized(indent: 2) + "\n"
    }
    var table = TextTable(header: ["path", "key", "status", "value", "defined at", "replaces", "replaced at"])
    for (address, record) in records {
      let below = record.shadowed.first
      table.rows.append([
        address.relativePath, record.key, record.status.rawValue, display(record.winner.value),
        record.winner.location.description, below.map { display($0.value) } ?? "", below?.location.description ?? "",
      ])
    }
    switch format {
    case .csv: return table.csv()
    case .markdown: return "### Changes made by \(name)\n\n" + table.markdown()
    default: return records.isEmpty ? "\(name) changes nothing.\n" : table.text()
    }
  }

  // MARK: - Helpers

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

  /// A value on one line: strings with visible escapes, rules as compact JSON.
  func display(_ value: LocalizationValue) -> String {
    if case .string(let text) = value {
      return text.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
    }
    return JSONValue(value).serialized()
  }
}
