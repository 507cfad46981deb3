import LayerMerge

/// What `locmerge usage` found, and its three renderings: the findings (through the reporter), the
/// tables on standard output, and the JSON document of `--json` (docs/usage.md).
struct UsageReport {
  /// Each checked target's usage, in the run's order.
  var targets: [TargetUsage]
  /// The targets whose code was not found, and why.
  var unchecked: [(target: String, reason: String)] = []
  /// Each layer's (or copied table's) unused keys; `nil` when both unused rules are off.
  var unused: UnusedKeys?
  /// How many source files were read and scanned.
  var scannedCount: Int
  /// How many source files a project lists that are not there.
  var missingCount = 0
  /// Errors of the tables themselves (`locmerge lint` reports them), counted for the summary.
  var tableErrors = 0
  /// The folder CI reports name files from (the project file's, else the Xcode project's source
  /// root), and the file a finding without a place is put at.
  var root = "."
  var file: String?

  /// Every finding once: each target's, naming the targets that found it, then the unused keys.
  var findings: [Finding] {
    Diagnostic.once(byTarget: targets.map { ($0.target, $0.diagnostics) })
      + (unused?.diagnostics ?? []).map { Finding($0) }
  }

  /// The JSON document: `{"targets": [...], "layers": [...]}`.
  func json() -> String {
    func place(_ location: SourceLocation) -> [(String, JSONValue)] {
      [
        ("file", .string(location.path)), ("line", location.position.map { .integer($0.line) } ?? .null),
        ("column", location.position.map { .integer($0.column) } ?? .null),
      ]
    }
    let targets = targets.map { usage -> JSONValue in
      .object([
        ("name", .string(usage.target)), ("sources", .integer(usage.sourceFiles)), ("lookups", .integer(usage.lookups)),
        ("literal", .integer(usage.literal)), ("dynamic", .integer(usage.dynamic)),
        ("otherBundle", .integer(usage.otherBundle)),
        (
          "missing",
          .array(
            usage.missing.map { miss in
              .object(
                [("key", .string(miss.key)), ("table", .string(miss.table))] + place(miss.location)
                  + [("form", .string(miss.form))])
            })
        ),
        (
          "untranslated",
          .array(
            usage.untranslated.map { key in
              .object(
                [
                  ("key", .string(key.key)), ("table", .string(key.table)),
                  ("languages", .array(key.languages.map(JSONValue.string))),
                ] + place(key.location))
            })
        ),
      ])
    }
    let layers = (unused?.reports ?? []).map { report -> JSONValue in
      .object([
        ("path", .string(report.path)), ("dynamic", .integer(report.dynamicLookups)),
        (
          "unused",
          .array(
            report.unused.map { key in
              .object(
                [("key", .string(key.key)), ("table", .string(key.table))] + place(key.location)
                  + [("override", .bool(key.isOverride))])
            })
        ),
      ])
    }
    return JSONValue.object([("targets", .array(targets)), ("layers", .array(layers))]).serialized(indent: 2) + "\n"
  }

  /// The tables of standard output: one row per target, then one per layer with unused keys
  /// (named from the project's folder; the findings and the JSON keep absolute paths).
  func text() -> String {
    let paths = ReportPaths(root: root, currentDirectory: PathText.currentDirectory())
    var table = TextTable(
      header: ["target", "sources", "lookups", "checked", "dynamic", "other bundle", "missing", "untranslated"])
    table.rightAligned = Set(1...7)
    for usage in targets {
      table.rows.append(
        [usage.target]
          + [
            usage.sourceFiles, usage.lookups, usage.literal, usage.dynamic, usage.otherBundle, usage.missing.count,
            usage.untranslated.count,
          ].map(String.init))
    }
    var text = table.text()
    for (target, reason) in unchecked { text += "\(target): not checked: \(reason)\n" }
    if let unused {
      var layers = TextTable(header: ["layer", "unused keys", "unused overrides", "dynamic lookups"])
      layers.rightAligned = [1, 2, 3]
      for report in unused.reports {
        let overrides = report.unused.filter(\.isOverride).count
        layers.rows.append(
          [
            paths.reported(report.path), "\(report.unused.count - overrides)", "\(overrides)",
            "\(report.dynamicLookups)",
          ])
      }
      text += "\n" + layers.text()
    }
    return text
  }
}
