import LayerMerge

/// The audit as one self-contained HTML page: errors first, one summary row per target with a
/// per-language drill-down, the override matrix as a heat map with a key filter and a status
/// filter, and per-cell details. The matrix draws only the rows in view, so a page of 10,000
/// keys × 20 targets stays responsive. No network access and no external assets.
struct AuditPage {
  var report: AuditReport
  var filter: String
  var statuses: Set<AuditReport.Mark>

  func html() -> String {
    let title = "Localization audit — \(report.base.name)"
    let subtitle =
      "\(report.targets.count) targets over \(report.base.path) · \(report.languages.count) languages · "
      + "\(report.matrix.count) keys changed by at least one target or with an error"
    // The rows intern the values and places that "strings" then holds.
    let rowValues = rows()
    let data = JSONValue.object([
      ("filter", .string(filter)),
      ("statuses", .array(statuses.sorted().map { .string($0.rawValue) })),
      ("targets", .array(report.targets.map(target))),
      ("languages", .array(languages.map { .string($0) })),
      ("rows", .array(rowValues)),
      ("strings", .array(strings.map { .string($0) })),
      ("errors", .array(errors())),
      (
        "suggestions",
        .array(
          report.suggestions.map { suggestion in
            .array([
              .string(suggestion.target), .string(suggestion.diagnostic.location?.description ?? ""),
              .string(suggestion.diagnostic.message),
            ])
          })
      ),
    ]).serialized()
    // The placeholders are filled in one pass over the template: a name that reads like a
    // placeholder stays text.
    return Self.filled(
      Self.template, ["TITLE": escape(title), "SUBTITLE": escape(subtitle), "DATA": Self.scriptSafe(data)])
  }

  /// JSON that nothing in it can end or alter as the text of a script element: every `<`, `>`
  /// and `&` (which start `</script`, `<!--`, `<script` and entities) and the line and paragraph
  /// separators are written as `\u` escapes. None of them stands outside a string in JSON, so the
  /// result is the same JSON.
  static func scriptSafe(_ json: String) -> String {
    // A String grows in place; appending a sequence to a scalar view copies the view each time.
    var result = ""
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<": result += "\\u003c"
      case ">": result += "\\u003e"
      case "&": result += "\\u0026"
      case "\u{2028}": result += "\\u2028"
      case "\u{2029}": result += "\\u2029"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The template with each `{{NAME}}` replaced by its value, in one pass: values are never read
  /// for placeholders.
  static func filled(_ template: String, _ values: [String: String]) -> String {
    var result = ""
    var rest = template[...]
    while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
      let name = String(rest[open.upperBound..<close.lowerBound])
      result += rest[..<open.lowerBound]
      result += values[name] ?? String(rest[open.lowerBound..<close.upperBound])
      rest = rest[close.upperBound...]
    }
    return result + rest
  }

  // MARK: - Private

  /// Every language of the audit; details refer to them by index.
  private var languages: [String] { report.languages }

  /// Marks and statuses as one letter each.
  private static let codes: [String: String] = [
    "error": "e", "overridden": "o", "added": "a", "redundant": "r", "inherited": "i",
  ]

  /// Values and places, each stored once and referred to by index.
  private var strings: [String] { interned.strings }
  private let interned = Interner()

  private final class Interner {
    var strings: [String] = []
    var indexes: [String: Int] = [:]

    func index(_ text: String) -> Int {
      if let index = indexes[text] { return index }
      indexes[text] = strings.count
      strings.append(text)
      return strings.count - 1
    }
  }

  private func target(_ target: AuditReport.Target) -> JSONValue {
    .object([
      ("name", .string(target.name)), ("layers", .string(AuditRenderer.layers(of: target))),
      ("languages", .integer(target.languages.count)), ("keys", .integer(target.keyCount)),
      (
        "counts",
        .object(
          [AuditReport.Mark.overridden, .added, .redundant, .error].map {
            ($0.rawValue, .integer(target.keyCounts[$0] ?? 0))
          })
      ),
      ("share", .number(target.shareChanged)), ("shareText", .string(AuditRenderer.percent(target.shareChanged))),
      (
        "byLanguage",
        .array(
          target.languages.map { language in
            let counts = target.countsByLanguage[language] ?? AuditReport.Counts()
            return .array([.string(language)] + KeyProvenance.Status.allCases.map { .integer(counts[$0]) })
          })
      ),
    ])
  }

  /// One array per matrix row: table, key, a bit mask of the marks of its cells (error 1,
  /// overridden 2, added 4, redundant 8), then one cell per target: `null`, or label, mark,
  /// share of languages in percent and per-language details.
  private func rows() -> [JSONValue] {
    let languageCounts = report.targets.map(AuditRenderer.languageCounts)
    let bits: [AuditReport.Mark: Int] = [.error: 1, .overridden: 2, .added: 4, .redundant: 8]
    let languageIndex = Dictionary(uniqueKeysWithValues: languages.enumerated().map { ($1, $0) })
    return report.matrix.map { entry in
      var mask = 0
      let cells = entry.cells.enumerated().map { targetIndex, cell -> JSONValue in
        guard let cell else { return .null }
        for mark in cell.marks { mask |= bits[mark] ?? 0 }
        let all = max(1, languageCounts[targetIndex]["\(entry.row.table)/\(entry.row.kind.rawValue)"] ?? 1)
        let share = min(100, 100 * cell.byLanguage.count / all)
        return .array([
          .string(AuditRenderer.label(of: cell, languages: all)), .string(Self.codes[cell.mark.rawValue] ?? ""),
          .integer(share),
          .array(cell.byLanguage.keys.sorted().map { details(cell, language: $0, languageIndex: languageIndex) }),
        ])
      }
      return .array(
        [
          .string(entry.row.tableLabel), .string(entry.row.key),
          .integer(mask),
        ] + cells)
    }
  }

  /// Language (index), status (letter), value, where it is defined (layer and file, line,
  /// column), what it replaces and where, and the errors there; text by its index in "strings".
  private func details(_ cell: AuditReport.Cell, language: String, languageIndex: [String: Int]) -> JSONValue {
    guard let record = cell.byLanguage[language] else { return .null }
    let renderer = AuditRenderer(report: report)
    func place(_ definition: Definition?) -> [JSONValue] {
      guard let definition else { return [.integer(-1), .integer(-1), .integer(0), .integer(0)] }
      return [
        .integer(interned.index(renderer.display(definition.value))),
        .integer(interned.index("\(definition.layer) · \(definition.file)")),
        .integer(definition.position?.line ?? 0), .integer(definition.position?.column ?? 0),
      ]
    }
    return .array(
      [.integer(languageIndex[language] ?? 0), .string(Self.codes[record.status.rawValue] ?? "")]
        + place(record.winner) + place(record.shadowed.first)
        + [.array((cell.errorsByLanguage[language] ?? []).map { .integer(interned.index($0.description)) })])
  }

  /// Location, message, targets and the matrix row it is on (-1 for none).
  private func errors() -> [JSONValue] {
    var rowIndex: [AuditReport.RowKey: Int] = [:]
    for (index, entry) in report.matrix.enumerated() { rowIndex[entry.row] = index }
    return report.problems.map { problem in
      .array([
        .string(problem.diagnostic.location?.description ?? "locmerge"), .string(problem.diagnostic.message),
        .string(AuditRenderer(report: report).targets(of: problem)),
        .integer(problem.row.flatMap { rowIndex[$0] } ?? -1),
      ])
    }
  }

  private func escape(_ text: String) -> String {
    text.replacingEvery("&", with: "&amp;").replacingEvery("<", with: "&lt;").replacingEvery(">", with: "&gt;")
      .replacingEvery("\"", with: "&quot;")
  }

  static let template = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{TITLE}}</title>
    <style>
    :root { --error: 214, 40, 57; --overridden: 232, 122, 34; --added: 46, 134, 222; --redundant: 150, 150, 160; --ink: #1d1d1f; --muted: #6e6e73; --row: 24px; }
    * { box-sizing: border-box; }
    body { font: 14px/1.45 -apple-system, "SF Pro Text", "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: var(--ink); margin: 0; background: #f5f5f7; }
    header { background: #fff; border-bottom: 1px solid #ddd; padding: 18px 28px 14px; }
    h1 { font-size: 20px; margin: 0 0 2px; }
    h2 { font-size: 15px; margin: 24px 0 10px; }
    .subtitle, .count, .muted { color: var(--muted); font-weight: normal; }
    main { padding: 0 28px 40px; display: grid; grid-template-columns: minmax(0, 1fr) 340px; gap: 24px; align-items: start; }
    section { min-width: 0; }
    table { border-collapse: collapse; background: #fff; }
    .card { background: #fff; border-radius: 8px; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
    ul.errors { list-style: none; margin: 0; padding: 4px 0; border-left: 4px solid rgb(var(--error)); max-height: 32vh; overflow: auto; }
    ul.errors li { padding: 6px 14px; cursor: pointer; } ul.errors li:hover { background: #fdf1f2; }
    ul.errors code { font-size: 12px; color: rgb(var(--error)); word-break: break-all; }
    .summary { border-radius: 8px; overflow: hidden; }
    .summary th, .summary td { padding: 6px 12px; text-align: left; border-bottom: 1px solid #eee; }
    .summary td.num { text-align: right; font-variant-numeric: tabular-nums; }
    .summary tr.target { cursor: pointer; } .summary tr.target:hover { background: #fafafa; }
    .summary tr.target th::before { content: "▸ "; color: var(--muted); } .summary tr.open th::before { content: "▾ "; }
    .summary td.error { color: rgb(var(--error)); font-weight: 600; }
    .summary .drill td { background: #fafafc; padding: 4px 12px 10px 32px; }
    .summary .drill table th, .summary .drill table td { padding: 2px 10px; border: 0; font-size: 12.5px; }
    .share { display: flex; align-items: center; gap: 8px; white-space: nowrap; }
    .bar { display: flex; width: 120px; height: 10px; background: #eee; border-radius: 5px; overflow: hidden; }
    .seg.overridden { background: rgb(var(--overridden)); } .seg.added { background: rgb(var(--added)); }
    .toolbar { display: flex; gap: 14px; align-items: center; margin: 6px 0 10px; flex-wrap: wrap; }
    .toolbar input[type=search] { font: inherit; padding: 6px 10px; border: 1px solid #ccc; border-radius: 6px; width: 260px; }
    .toolbar label { display: inline-flex; align-items: center; gap: 5px; color: var(--muted); cursor: pointer; }
    .toolbar i, .legend i { width: 12px; height: 12px; border-radius: 3px; display: inline-block; }
    .matrix-wrap { overflow: auto; max-height: 62vh; border-radius: 8px; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
    .matrix th.key { text-align: left; font-weight: normal; padding: 0 12px 0 10px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 460px; position: sticky; left: 0; background: #fff; font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: 12.5px; z-index: 1; }
    .matrix .table { color: var(--muted); }
    .matrix thead th { position: sticky; top: 0; background: #fff; z-index: 2; }
    .matrix thead th.key { z-index: 3; }
    .matrix th.target { height: 110px; vertical-align: bottom; padding: 0 2px 6px; width: 34px; }
    .matrix th.target span { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: 600; white-space: nowrap; }
    .matrix tbody tr { height: var(--row); }
    .cell { width: 34px; min-width: 34px; height: var(--row); text-align: center; font-size: 11px; font-weight: 600; color: #fff; border: 1px solid #fff; cursor: pointer; }
    .cell.none { background: #f0f0f2; cursor: default; }
    .cell.overridden { background: rgba(var(--overridden), var(--alpha)); }
    .cell.added { background: rgba(var(--added), var(--alpha)); }
    .cell.redundant { background: rgba(var(--redundant), var(--alpha)); }
    .cell.error { background: rgb(var(--error)); }
    .cell.selected { outline: 2px solid var(--ink); outline-offset: -2px; }
    .empty td { color: var(--muted); padding: 10px; }
    aside { position: sticky; top: 16px; padding: 14px 16px; margin-top: 24px; max-height: calc(100vh - 32px); overflow: auto; }
    aside h3 { font-size: 14px; margin: 0 0 8px; word-break: break-all; }
    aside .lang { border-top: 1px solid #eee; padding: 8px 0; }
    aside .lang b { display: inline-block; min-width: 54px; }
    aside .value { font-family: ui-monospace, Menlo, monospace; font-size: 12px; background: #f5f5f7; padding: 4px 6px; border-radius: 4px; margin: 4px 0; word-break: break-word; }
    aside .at { color: var(--muted); font-size: 12px; word-break: break-all; }
    aside .problem { color: rgb(var(--error)); font-size: 12px; margin: 4px 0; }
    .badge { font-size: 11px; padding: 1px 6px; border-radius: 8px; color: #fff; margin-right: 4px; }
    .badge.overridden { background: rgb(var(--overridden)); } .badge.added { background: rgb(var(--added)); } .badge.redundant { background: rgb(var(--redundant)); } .badge.error { background: rgb(var(--error)); } .badge.inherited { background: #8e8e93; }
    ul.suggestions { padding: 10px 10px 10px 30px; }
    ul.suggestions li { margin: 4px 0; } code { font-size: 12px; }
    </style>
    </head>
    <body>
    <header><h1>{{TITLE}}</h1><div class="subtitle">{{SUBTITLE}}</div></header>
    <main>
    <section>
    <div id="errors"></div>
    <h2>Targets <span class="count">— keys across languages; select a target for its languages</span></h2>
    <table class="summary card"><thead><tr><th>target</th><th>layers</th><th>languages</th><th>keys</th><th>overridden</th><th>added</th><th>redundant</th><th>errors</th><th>share changed</th></tr></thead>
    <tbody id="summary"></tbody></table>
    <h2>Override matrix <span class="count" id="shown"></span></h2>
    <div class="toolbar">
    <input id="filter" type="search" placeholder="Filter keys: onboarding* or title" aria-label="Filter keys">
    <span id="statuses"></span>
    <span class="muted">darker = more languages</span>
    </div>
    <div class="matrix-wrap" id="viewport"><table class="matrix"><thead><tr id="heads"><th class="key"></th></tr></thead>
    <tbody id="rows"></tbody></table></div>
    <h2>Clean-up suggestions <span class="count" id="suggestion-count"></span></h2>
    <ul class="suggestions card" id="suggestions"></ul>
    </section>
    <aside id="details" class="card"><h3>Details</h3><div class="at">Select a cell of the matrix to see, per language, the value a target ships, where it is defined, what it replaces and its errors.</div></aside>
    </main>
    <script type="application/json" id="audit">{{DATA}}</script>
    <script>
    (function () {
      var data = JSON.parse(document.getElementById('audit').textContent);
      var S = data.strings, rows = data.rows, targets = data.targets, L = data.languages;
      var NAMES = { e: 'error', o: 'overridden', a: 'added', r: 'redundant', i: 'inherited' };
      var BITS = { error: 1, overridden: 2, added: 4, redundant: 8 };
      var ROW = 24, OVERSCAN = 12;
      var visible = [], selected = null;
      function place(d, i) { return S[d[i]] + (d[i + 1] ? ':' + d[i + 1] + ':' + d[i + 2] : ''); }
      function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }

      // Errors, first.
      if (data.errors.length) {
        var box = document.getElementById('errors');
        box.appendChild(el('h2', '', 'Errors ')).appendChild(el('span', 'count', '(' + data.errors.length + ')'));
        var list = box.appendChild(el('ul', 'errors card'));
        data.errors.forEach(function (e) {
          var li = list.appendChild(el('li'));
          li.appendChild(el('code', '', e[0]));
          li.appendChild(document.createTextNode(' ' + e[1] + ' '));
          li.appendChild(el('span', 'muted', '— ' + e[2]));
          if (e[3] >= 0) li.addEventListener('click', function () { focusRow(e[3]); });
        });
      }

      // One row per target; a click shows its languages.
      var summary = document.getElementById('summary');
      targets.forEach(function (t) {
        var tr = summary.appendChild(el('tr', 'target'));
        tr.appendChild(el('th', '', t.name));
        tr.appendChild(el('td', 'muted', t.layers));
        [t.languages, t.keys, t.counts.overridden, t.counts.added, t.counts.redundant].forEach(function (n) { tr.appendChild(el('td', 'num', n)); });
        tr.appendChild(el('td', 'num' + (t.counts.error ? ' error' : ''), t.counts.error));
        var share = tr.appendChild(el('td')).appendChild(el('div', 'share'));
        var bar = share.appendChild(el('div', 'bar'));
        ['overridden', 'added'].forEach(function (status) {
          var n = t.counts[status];
          if (!n) return;
          var seg = bar.appendChild(el('span', 'seg ' + status));
          seg.style.width = 'max(3px, ' + (100 * n / Math.max(1, t.keys)) + '%)';
        });
        share.appendChild(el('span', '', t.shareText));
        var drill = null;
        tr.addEventListener('click', function () {
          tr.classList.toggle('open');
          if (drill) { drill.remove(); drill = null; return; }
          drill = el('tr', 'drill');
          var td = drill.appendChild(el('td'));
          td.colSpan = 9;
          var table = td.appendChild(el('table'));
          var head = table.appendChild(el('tr'));
          ['language', 'inherited', 'overridden', 'redundant', 'added'].forEach(function (h) { head.appendChild(el('th', '', h)); });
          t.byLanguage.forEach(function (l) {
            var r = table.appendChild(el('tr'));
            l.forEach(function (v, i) { r.appendChild(el(i ? 'td' : 'th', i ? 'num' : '', v)); });
          });
          tr.after(drill);
        });
      });

      // The matrix: filters pick the rows, and only the rows in view are drawn.
      var heads = document.getElementById('heads');
      targets.forEach(function (t) { heads.appendChild(el('th', 'target')).appendChild(el('span', '', t.name)); });
      var input = document.getElementById('filter'), viewport = document.getElementById('viewport');
      var body = document.getElementById('rows');
      input.value = data.filter;
      var wanted = {};
      var statusBox = document.getElementById('statuses');
      ['error', 'overridden', 'added', 'redundant'].forEach(function (status) {
        var label = statusBox.appendChild(el('label'));
        var box = label.appendChild(el('input'));
        box.type = 'checkbox';
        box.checked = data.statuses.indexOf(status) >= 0;
        wanted[status] = box.checked;
        box.addEventListener('change', function () { wanted[status] = box.checked; apply(); });
        var swatch = label.appendChild(el('i'));
        swatch.style.background = 'rgb(var(--' + status + '))';
        label.appendChild(document.createTextNode(status));
      });
      function toRegExp(text) {
        var escaped = text.toLowerCase().replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
        return new RegExp(/[*?]/.test(text) ? '^' + escaped + '$' : escaped);
      }
      function apply() {
        var pattern = input.value.trim(), re = pattern ? toRegExp(pattern) : null, mask = 0;
        Object.keys(wanted).forEach(function (s) { if (wanted[s]) mask |= BITS[s]; });
        visible = [];
        for (var i = 0; i < rows.length; i++) {
          var r = rows[i];
          if (mask && !(r[2] & mask)) continue;
          if (re && !re.test(r[1].toLowerCase()) && !re.test((r[0] + '/' + r[1]).toLowerCase())) continue;
          visible.push(i);
        }
        document.getElementById('shown').textContent = '(' + visible.length + ' of ' + rows.length + ' keys)';
        draw();
      }
      function spacer(height) { var tr = el('tr'); tr.style.height = height + 'px'; return tr; }
      function draw() {
        var first = Math.max(0, Math.floor(viewport.scrollTop / ROW) - OVERSCAN);
        // Until the frame has its height, draw a window's worth of rows.
        var count = Math.ceil(Math.max(viewport.clientHeight, window.innerHeight) / ROW) + 2 * OVERSCAN;
        var last = Math.min(visible.length, first + count);
        var fragment = document.createDocumentFragment();
        if (!visible.length) {
          var empty = fragment.appendChild(el('tr', 'empty'));
          empty.appendChild(el('td', '', rows.length ? 'No key matches the filters.' : 'No target changes any key.')).colSpan = targets.length + 1;
        }
        if (first > 0) fragment.appendChild(spacer(first * ROW));
        for (var v = first; v < last; v++) {
          var index = visible[v], r = rows[index], tr = fragment.appendChild(el('tr'));
          var th = tr.appendChild(el('th', 'key'));
          th.title = r[0] + '/' + r[1];
          th.appendChild(el('span', 'table', r[0] + ' '));
          th.appendChild(document.createTextNode(r[1]));
          for (var t = 0; t < targets.length; t++) {
            var c = r[3 + t];
            if (!c) { tr.appendChild(el('td', 'cell none')); continue; }
            var td = tr.appendChild(el('td', 'cell ' + NAMES[c[1]], c[0]));
            td.style.setProperty('--alpha', (0.35 + 0.65 * c[2] / 100).toFixed(2));
            td.dataset.row = index; td.dataset.target = t; td.tabIndex = 0;
            td.title = targets[t].name + ': ' + NAMES[c[1]];
            if (selected && selected[0] === index && selected[1] === t) td.classList.add('selected');
          }
        }
        if (last < visible.length) fragment.appendChild(spacer((visible.length - last) * ROW));
        body.replaceChildren(fragment);
      }
      function focusRow(index) {
        input.value = rows[index][1];
        Object.keys(wanted).forEach(function (s) { wanted[s] = false; });
        statusBox.querySelectorAll('input').forEach(function (b) { b.checked = false; });
        apply();
        var t = rows[index].slice(3).findIndex(function (c) { return c && c[1] === 'e'; });
        if (t >= 0) show(index, t);
      }
      function show(index, t) {
        var r = rows[index], c = r[3 + t], panel = document.getElementById('details');
        selected = [index, t];
        draw();
        panel.replaceChildren(el('h3', '', targets[t].name + ' — ' + r[0] + '/' + r[1]));
        c[3].forEach(function (d) {
          if (!d) return;
          var box = panel.appendChild(el('div', 'lang'));
          var head = box.appendChild(el('div'));
          head.appendChild(el('b', '', L[d[0]]));
          head.appendChild(el('span', 'badge ' + NAMES[d[1]], NAMES[d[1]]));
          if (d[10].length) head.appendChild(el('span', 'badge error', 'error'));
          box.appendChild(el('div', 'value', S[d[2]]));
          box.appendChild(el('div', 'at', place(d, 3)));
          if (d[6] >= 0) { box.appendChild(el('div', 'at', 'replaces:')); box.appendChild(el('div', 'value', S[d[6]])); box.appendChild(el('div', 'at', place(d, 7))); }
          d[10].forEach(function (e) { box.appendChild(el('div', 'problem', S[e])); });
        });
      }
      body.addEventListener('click', function (event) {
        var cell = event.target.closest('td.cell[data-row]');
        if (cell) show(+cell.dataset.row, +cell.dataset.target);
      });
      body.addEventListener('keydown', function (event) {
        if (event.key === 'Enter' && event.target.matches('td.cell[data-row]')) show(+event.target.dataset.row, +event.target.dataset.target);
      });
      viewport.addEventListener('scroll', function () { window.requestAnimationFrame(draw); });
      window.addEventListener('resize', draw);
      input.addEventListener('input', apply);
      apply();

      var suggestions = document.getElementById('suggestions');
      document.getElementById('suggestion-count').textContent = '(' + data.suggestions.length + ')';
      if (!data.suggestions.length) suggestions.appendChild(el('li', 'muted', 'None.'));
      data.suggestions.forEach(function (s) {
        var li = suggestions.appendChild(el('li'));
        li.appendChild(el('b', '', s[0] + ' '));
        li.appendChild(el('code', '', s[1]));
        li.appendChild(document.createTextNode(' ' + s[2]));
      });

      if (visible.length) {
        var firstRow = rows[visible[0]], t0 = firstRow.slice(3).findIndex(function (c) { return c; });
        if (t0 >= 0) show(visible[0], t0);
      }
    })();
    </script>
    </body>
    </html>

    """#
}
