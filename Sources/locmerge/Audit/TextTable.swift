import Foundation

/// Rows of cells rendered as aligned text columns or as a Markdown table.
struct TextTable {
  var header: [String]
  var rows: [[String]] = []
  /// Columns aligned to the right (numbers).
  var rightAligned: Set<Int> = []

  func text() -> String {
    let widths = header.indices.map { column in
      ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
  }

  func markdown() -> String {
    func escape(_ cell: String) -> String {
      cell.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
    let separator = header.indices.map { rightAligned.contains($0) ? "---:" : "---" }
    return ([header, separator] + rows).map { "| " + $0.map(escape).joined(separator: " | ") + " |" }
      .joined(separator: "\n") + "\n"
  }

  func csv() -> String {
    func field(_ cell: String) -> String {
      guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
      return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    return ([header] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
