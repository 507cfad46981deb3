import Foundation
import LayerMerge

/// The audit as one self-contained HTML page: summary, the override matrix as a heat map with a
/// filter box, and per-cell details. No network access and no external assets.
struct AuditPage {
  var report: AuditReport
  var filter: String

  func html() -> String {
    let renderer = AuditRenderer(report: report)
    let languageCounts = report.targets.map(AuditRenderer.languageCounts)
    var rows = ""
    for (rowIndex, entry) in report.matrix.enumerated() {
      var cells = ""
      for (targetIndex, cell) in entry.cells.enumerated() {
        guard let cell else {
          cells += "<td class=\"cell none\"></td>"
          continue
        }
        let all = max(1, languageCounts[targetIndex]["\(entry.row.table)/\(entry.row.kind.rawValue)"] ?? 1)
        let share = Double(cell.byLanguage.count) / Double(all)
        let letter = AuditRenderer.letters[cell.status] ?? ""
        let label = cell.byLanguage.count == all ? letter : "\(letter)\(cell.byLanguage.count)"
        cells +=
          "<td class=\"cell \(cell.status.rawValue)\" style=\"--share:\(String(format: "%.2f", 0.35 + 0.65 * share))\" "
          + "data-row=\"\(rowIndex)\" data-target=\"\(targetIndex)\" tabindex=\"0\" "
          + "title=\"\(escape(report.targets[targetIndex].name)): \(cell.status.rawValue) in "
          + "\(cell.byLanguage.keys.sorted().joined(separator: ", "))\">\(label)</td>"
      }
      rows +=
        "<tr data-key=\"\(escape(entry.row.key.lowercased()))\" data-table=\"\(escape(entry.row.table.lowercased()))\">"
        + "<th class=\"key\"><span class=\"table\">\(escape(entry.row.table))\(entry.row.kind == .stringsdict ? ".stringsdict" : "")</span> "
        + "\(escape(entry.row.key))</th>\(cells)</tr>\n"
    }
    var summary = ""
    for target in report.targets {
      var totals = AuditReport.Counts()
      for counts in target.countsByLanguage.values { totals.add(counts) }
      let total = max(1, totals.total)
      let bar = [KeyProvenance.Status.overridden, .added, .redundant].map { status in
        "<span class=\"seg \(status.rawValue)\" style=\"width:\(String(format: "%.2f", 100 * Double(totals[status]) / Double(total)))%\"></span>"
      }.joined()
      summary +=
        "<tr><th>\(escape(target.name))</th><td class=\"layers\">\(escape(target.overlays.map(\.name).joined(separator: " → ")))</td>"
        + KeyProvenance.Status.allCases.map { "<td class=\"num\">\(totals[$0])</td>" }.joined()
        + "<td class=\"barcell\"><div class=\"bar\">\(bar)</div></td></tr>\n"
    }
    let suggestions = report.suggestions.map { suggestion in
      "<li><b>\(escape(suggestion.target))</b> <code>\(escape(suggestion.diagnostic.location?.description ?? ""))</code> "
        + "\(escape(suggestion.diagnostic.message))</li>"
    }.joined(separator: "\n")
    let details = JSONValue.array(
      report.matrix.map { entry in
        .array(
          entry.cells.map { cell in
            guard let cell else { return .null }
            return .object(
              cell.byLanguage.keys.sorted().map { language in
                let record = cell.byLanguage[language]
                let below = record?.shadowed.first
                return (
                  language,
                  .object([
                    ("status", .string(record?.status.rawValue ?? "")),
                    ("value", .string(record.map { renderer.display($0.winner.value) } ?? "")),
                    ("at", .string(record.map { "\($0.winner.layer) · \($0.winner.location)" } ?? "")),
                    ("replaces", .string(below.map { renderer.display($0.value) } ?? "")),
                    ("replacedAt", .string(below.map { "\($0.layer) · \($0.location)" } ?? "")),
                  ])
                )
              })
          })
      }
    ).serialized().replacingOccurrences(of: "</", with: "<\\/")
    let targetNames = JSONValue.array(report.targets.map { .string($0.name) }).serialized()
      .replacingOccurrences(of: "</", with: "<\\/")
    let keys = JSONValue.array(report.matrix.map { .string($0.row.label) }).serialized()
      .replacingOccurrences(of: "</", with: "<\\/")
    return Self.template
      .replacingOccurrences(of: "{{TITLE}}", with: "Localization audit — \(escape(report.base.name))")
      .replacingOccurrences(
        of: "{{SUBTITLE}}",
        with:
          "\(report.targets.count) targets over \(escape(report.base.path)) · \(report.languages.count) languages · \(report.matrix.count) keys changed by at least one target"
      )
      .replacingOccurrences(of: "{{SUMMARY}}", with: summary)
      .replacingOccurrences(
        of: "{{STATUS_HEADERS}}", with: KeyProvenance.Status.allCases.map { "<th>\($0.rawValue)</th>" }.joined()
      )
      .replacingOccurrences(
        of: "{{TARGET_HEADERS}}",
        with: report.targets.map { "<th class=\"target\"><span>\(escape($0.name))</span></th>" }.joined()
      )
      .replacingOccurrences(of: "{{ROWS}}", with: rows.isEmpty ? "<tr><td>No target changes any key.</td></tr>" : rows)
      .replacingOccurrences(of: "{{SUGGESTIONS}}", with: suggestions.isEmpty ? "<li>None.</li>" : suggestions)
      .replacingOccurrences(of: "{{SUGGESTION_COUNT}}", with: String(report.suggestions.count))
      .replacingOccurrences(of: "{{FILTER}}", with: escape(filter))
      .replacingOccurrences(of: "{{DETAILS}}", with: details)
      .replacingOccurrences(of: "{{TARGETS}}", with: targetNames)
      .replacingOccurrences(of: "{{KEYS}}", with: keys)
  }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  static let template = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{TITLE}}</title>
    <style>
    :root { --overridden: 232, 122, 34; --added: 46, 134, 222; --redundant: 150, 150, 160; --ink: #1d1d1f; --muted: #6e6e73; }
    * { box-sizing: border-box; }
    body { font: 14px/1.45 -apple-system, "SF Pro Text", "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: var(--ink); margin: 0; background: #f5f5f7; }
    header { background: #fff; border-bottom: 1px solid #ddd; padding: 18px 28px 14px; }
    h1 { font-size: 20px; margin: 0 0 2px; }
    h2 { font-size: 15px; margin: 26px 0 10px; }
    .subtitle { color: var(--muted); }
    main { padding: 0 28px 40px; display: grid; grid-template-columns: minmax(0, 1fr) 340px; gap: 24px; align-items: start; }
    section { min-width: 0; }
    table { border-collapse: collapse; background: #fff; border-radius: 8px; overflow: hidden; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
    .summary th, .summary td { padding: 6px 12px; text-align: left; border-bottom: 1px solid #eee; }
    .summary td.num { text-align: right; font-variant-numeric: tabular-nums; }
    .summary td.layers { color: var(--muted); }
    .bar { display: flex; width: 160px; height: 10px; background: #eee; border-radius: 5px; overflow: hidden; }
    .seg.overridden { background: rgb(var(--overridden)); } .seg.added { background: rgb(var(--added)); } .seg.redundant { background: rgb(var(--redundant)); }
    .toolbar { display: flex; gap: 14px; align-items: center; margin: 6px 0 10px; flex-wrap: wrap; }
    .toolbar input { font: inherit; padding: 6px 10px; border: 1px solid #ccc; border-radius: 6px; width: 280px; }
    .legend span { display: inline-flex; align-items: center; gap: 5px; margin-right: 12px; color: var(--muted); }
    .legend i { width: 12px; height: 12px; border-radius: 3px; display: inline-block; }
    .matrix-wrap { overflow: auto; max-height: 70vh; border-radius: 8px; }
    .matrix th.key { text-align: left; font-weight: normal; padding: 3px 12px 3px 10px; white-space: nowrap; position: sticky; left: 0; background: #fff; font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: 12.5px; }
    .matrix .table { color: var(--muted); }
    .matrix thead th { position: sticky; top: 0; background: #fff; z-index: 2; }
    .matrix th.target { height: 110px; vertical-align: bottom; padding: 0 2px 6px; width: 34px; }
    .matrix th.target span { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: 600; }
    .cell { width: 34px; min-width: 34px; height: 24px; text-align: center; font-size: 11px; font-weight: 600; color: #fff; border: 1px solid #fff; cursor: pointer; }
    .cell.none { background: #f0f0f2; cursor: default; }
    .cell.overridden { background: rgba(var(--overridden), var(--share)); }
    .cell.added { background: rgba(var(--added), var(--share)); }
    .cell.redundant { background: rgba(var(--redundant), var(--share)); }
    .cell.selected { outline: 2px solid var(--ink); outline-offset: -2px; }
    tr.hidden { display: none; }
    aside { position: sticky; top: 16px; background: #fff; border-radius: 8px; box-shadow: 0 1px 2px rgba(0,0,0,.08); padding: 14px 16px; margin-top: 26px; }
    aside h3 { font-size: 14px; margin: 0 0 8px; word-break: break-all; }
    aside .lang { border-top: 1px solid #eee; padding: 8px 0; }
    aside .lang b { display: inline-block; min-width: 54px; }
    aside .value { font-family: ui-monospace, Menlo, monospace; font-size: 12px; background: #f5f5f7; padding: 4px 6px; border-radius: 4px; margin: 4px 0; word-break: break-word; }
    aside .at { color: var(--muted); font-size: 12px; word-break: break-all; }
    .badge { font-size: 11px; padding: 1px 6px; border-radius: 8px; color: #fff; }
    .badge.overridden { background: rgb(var(--overridden)); } .badge.added { background: rgb(var(--added)); } .badge.redundant { background: rgb(var(--redundant)); }
    ul.suggestions { background: #fff; border-radius: 8px; padding: 10px 10px 10px 30px; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
    ul.suggestions li { margin: 4px 0; } code { font-size: 12px; }
    .count { color: var(--muted); font-weight: normal; }
    </style>
    </head>
    <body>
    <header><h1>{{TITLE}}</h1><div class="subtitle">{{SUBTITLE}}</div></header>
    <main>
    <section>
    <h2>Targets</h2>
    <table class="summary"><thead><tr><th>target</th><th>layers</th>{{STATUS_HEADERS}}<th>share changed</th></tr></thead>
    <tbody>
    {{SUMMARY}}</tbody></table>
    <h2>Override matrix <span class="count" id="shown"></span></h2>
    <div class="toolbar">
    <input id="filter" type="search" placeholder="Filter keys: onboarding* or title" value="{{FILTER}}" aria-label="Filter keys">
    <div class="legend"><span><i style="background:rgb(var(--overridden))"></i>overridden</span><span><i style="background:rgb(var(--added))"></i>added</span><span><i style="background:rgb(var(--redundant))"></i>redundant</span><span>darker = more languages</span></div>
    </div>
    <div class="matrix-wrap"><table class="matrix"><thead><tr><th class="key"></th>{{TARGET_HEADERS}}</tr></thead>
    <tbody id="rows">
    {{ROWS}}</tbody></table></div>
    <h2>Clean-up suggestions <span class="count">({{SUGGESTION_COUNT}})</span></h2>
    <ul class="suggestions">
    {{SUGGESTIONS}}
    </ul>
    </section>
    <aside id="details"><h3>Details</h3><div class="at">Select a cell of the matrix to see, per language, the value a target ships, where it is defined and what it replaces.</div></aside>
    </main>
    <script type="application/json" id="data">{{DETAILS}}</script>
    <script type="application/json" id="targets">{{TARGETS}}</script>
    <script type="application/json" id="keys">{{KEYS}}</script>
    <script>
    (function () {
      var details = JSON.parse(document.getElementById('data').textContent);
      var targets = JSON.parse(document.getElementById('targets').textContent);
      var keys = JSON.parse(document.getElementById('keys').textContent);
      var input = document.getElementById('filter');
      var rows = Array.prototype.slice.call(document.querySelectorAll('#rows tr[data-key]'));
      function toRegExp(text) {
        var escaped = text.toLowerCase().replace(/[.+^${}()|[\\]\\\\]/g, '\\\\$&').replace(/\\*/g, '.*').replace(/\\?/g, '.');
        return new RegExp(/[*?]/.test(text) ? '^' + escaped + '$' : escaped);
      }
      function apply() {
        var pattern = input.value.trim(), shown = 0, re = pattern ? toRegExp(pattern) : null;
        rows.forEach(function (row) {
          var visible = !re || re.test(row.dataset.key) || re.test(row.dataset.table + '/' + row.dataset.key);
          row.classList.toggle('hidden', !visible);
          if (visible) shown++;
        });
        document.getElementById('shown').textContent = '(' + shown + ' of ' + rows.length + ' keys)';
      }
      function text(tag, cls, value) { var e = document.createElement(tag); if (cls) e.className = cls; e.textContent = value; return e; }
      function show(cell) {
        var r = +cell.dataset.row, t = +cell.dataset.target, info = details[r][t], panel = document.getElementById('details');
        document.querySelectorAll('.cell.selected').forEach(function (c) { c.classList.remove('selected'); });
        cell.classList.add('selected');
        panel.innerHTML = '';
        panel.appendChild(text('h3', '', targets[t] + ' — ' + keys[r]));
        Object.keys(info).forEach(function (language) {
          var d = info[language], box = document.createElement('div');
          box.className = 'lang';
          var head = document.createElement('div');
          head.appendChild(text('b', '', language));
          head.appendChild(text('span', 'badge ' + d.status, d.status));
          box.appendChild(head);
          box.appendChild(text('div', 'value', d.value));
          box.appendChild(text('div', 'at', d.at));
          if (d.replaces) { box.appendChild(text('div', 'at', 'replaces:')); box.appendChild(text('div', 'value', d.replaces)); box.appendChild(text('div', 'at', d.replacedAt)); }
          panel.appendChild(box);
        });
      }
      document.getElementById('rows').addEventListener('click', function (event) {
        var cell = event.target.closest('td.cell[data-row]');
        if (cell) show(cell);
      });
      document.getElementById('rows').addEventListener('keydown', function (event) {
        if (event.key === 'Enter' && event.target.matches('td.cell[data-row]')) show(event.target);
      });
      input.addEventListener('input', apply);
      apply();
      var first = document.querySelector('#rows tr:not(.hidden) td.cell[data-row]');
      if (first) show(first);
    })();
    </script>
    </body>
    </html>

    """
}
