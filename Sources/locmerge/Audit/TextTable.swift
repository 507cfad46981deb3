import LayerMerge

/// Rows of cells rendered as aligned text columns, a Markdown table or CSV. Text and Markdown show
/// every cell through ``DisplayText/escaped(_:)``: a key, name or value with a line break or ESC
/// cannot break the table or reach the terminal raw. CSV keeps the cells as they are (quoted).
struct TextTable {
  var header: [String]
  var rows: [[String]] = []
  /// Columns aligned to the right (numbers).
  var rightAligned: Set<Int> = []

  /// Aligned columns, two spaces apart, when they fit in `width`; otherwise one block per row:
  /// the first `leadColumns` cells on one line, then every other cell on a line of its own,
  /// after its column's name, wrapped with a hanging indent.
  func text(width: Int = .max, leadColumns: Int = 1) -> String {
    escaped.blocks(width: width, leadColumns: leadColumns)
  }

  /// Aligned columns, with one column narrowed (not below 12 characters) and its cells wrapped
  /// so that lines fit in `width`.
  func text(width: Int, wrapping column: Int) -> String {
    escaped.aligned(width: width, wrapping: column)
  }

  func markdown() -> String {
    func escape(_ cell: String) -> String {
      cell.replacingEvery("|", with: "\\|")
    }
    let shown = escaped
    let separator = header.indices.map { rightAligned.contains($0) ? "---:" : "---" }
    return ([shown.header, separator] + shown.rows).map { "| " + $0.map(escape).joined(separator: " | ") + " |" }
      .joined(separator: "\n") + "\n"
  }

  func csv() -> String {
    func field(_ cell: String) -> String {
      guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
      return "\"" + cell.replacingEvery("\"", with: "\"\"") + "\""
    }
    return ([header] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
  }

  // MARK: - Private

  /// The table with every cell escaped for a terminal.
  private var escaped: TextTable {
    var table = self
    table.header = header.map { DisplayText.escaped($0) }
    table.rows = rows.map { $0.map { DisplayText.escaped($0) } }
    return table
  }

  private func blocks(width: Int, leadColumns: Int) -> String {
    let widths = naturalWidths
    guard widths.reduce(0, +) + 2 * max(0, widths.count - 1) > width else { return aligned(widths) }
    let labels = header.dropFirst(leadColumns).map { $0 + ":" }
    let labelWidth = labels.map(\.count).max() ?? 0
    var blocks: [String] = []
    for row in rows {
      var block = wrapParagraph(
        row.prefix(leadColumns).joined(separator: "  "), width: width, indent: "", hanging: "    ")
      for (offset, label) in labels.enumerated() {
        let column = leadColumns + offset
        let cell = row.indices.contains(column) ? row[column] : ""
        let padded = label + String(repeating: " ", count: labelWidth - label.count)
        block += wrapParagraph(
          padded + " " + cell, width: width, indent: "    ",
          hanging: String(repeating: " ", count: 4 + labelWidth + 1))
      }
      blocks.append(block)
    }
    return blocks.joined(separator: "\n")
  }

  private func aligned(width: Int, wrapping column: Int) -> String {
    var widths = naturalWidths
    let others = widths.enumerated().filter { $0.offset != column }.map(\.element).reduce(0, +)
    let room = width - others - 2 * max(0, widths.count - 1)
    widths[column] = max(min(widths[column], room), min(widths[column], 12))
    return aligned(widths)
  }

  private var naturalWidths: [Int] {
    header.indices.map { column in
      ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
  }

  private func aligned(_ widths: [Int]) -> String {
    func lines(_ cells: [String]) -> [String] {
      // A cell's continuation lines are indented, so that a long key does not read as a new row.
      let wrapped = widths.indices.map { column in
        wrapHanging(cells.indices.contains(column) ? cells[column] : "", width: widths[column])
      }
      let height = wrapped.map(\.count).max() ?? 1
      return (0..<height).map { line in
        widths.indices.map { column -> String in
          let cell = line < wrapped[column].count ? wrapped[column][line] : ""
          let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
          return rightAligned.contains(column) ? padding + cell : cell + padding
        }.joined(separator: "  ").trimmingTrailingSpaces()
      }
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return (lines(header) + [rule] + rows.flatMap(lines)).joined(separator: "\n") + "\n"
  }
}

/// Text cut into lines of at most `width` characters, at spaces where possible; a word longer
/// than a line is cut where the line ends.
func wrap(_ text: String, width: Int) -> [String] {
  guard width > 0, text.count > width else { return [text] }
  var lines: [String] = []
  var line = ""
  for word in text.split(separator: " ", omittingEmptySubsequences: false) {
    var word = Substring(word)
    if !line.isEmpty, line.count + 1 + word.count <= width {
      line += " " + word
      continue
    }
    if !line.isEmpty {
      lines.append(line)
      line = ""
    }
    // A word longer than the width goes on lines of its own, cut every `width` characters (each
    // cut found from the last one: counting the rest of a long word again was quadratic).
    while let cut = word.index(word.startIndex, offsetBy: width, limitedBy: word.endIndex), cut < word.endIndex {
      lines.append(String(word[..<cut]))
      word = word[cut...]
    }
    line = String(word)
  }
  if !line.isEmpty || lines.isEmpty { lines.append(line) }
  return lines
}

/// Text cut into lines of at most `width` characters, the lines after the first indented by two
/// spaces (a cell of a column: its continuation must not look like the next row's start).
func wrapHanging(_ text: String, width: Int) -> [String] {
  guard width > 4, text.count > width else { return wrap(text, width: width) }
  let first = wrap(text, width: width)[0]
  var rest = text.dropFirst(first.count)
  while rest.first == " " { rest = rest.dropFirst() }
  return [first] + wrap(String(rest), width: width - 2).map { "  " + $0 }
}

/// A paragraph wrapped to `width`, the first line after `indent` and the rest after
/// `hanging`; control characters from the input are escaped (``DisplayText/escaped(_:)``).
func wrapParagraph(_ text: String, width: Int, indent: String, hanging: String) -> String {
  let lines = wrap(DisplayText.escaped(text), width: max(20, width - hanging.count))
  return lines.enumerated().map { ($0 == 0 ? indent : hanging) + $1 }.joined(separator: "\n") + "\n"
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
