/// The unified diff of an edit made of splices, as `diff -u` prints it: the splices already say
/// which lines change, so no line-matching algorithm runs and the time is linear in the file.
enum UnifiedDiff {
  /// The diff of `old` and `old` with the splices applied (sorted, not overlapping).
  /// - Parameters:
  ///   - old: The original bytes.
  ///   - splices: The replacements, in the order of the file.
  ///   - label: The path shown after `--- a/` and `+++ b/` (an absolute path after `--- ` and `+++ `).
  ///   - context: Unchanged lines shown around each change.
  static func text(old: [UInt8], splices: [PBXEditor.Splice], label: String, context: Int = 3) -> String {
    let changes = lineChanges(old: old, splices: splices)
    guard !changes.isEmpty else { return "" }
    let oldLines = lines(old[...])
    // Line number (0-based) of each change's first old line.
    var lineOfOffset: [Int] = []
    var line = 0
    var cursor = 0
    for change in changes {
      while cursor < change.range.lowerBound {
        if old[cursor] == 0x0A { line += 1 }
        cursor += 1
      }
      lineOfOffset.append(line)
    }
    let (old, new) = label.hasPrefix("/") ? (label, label) : ("a/" + label, "b/" + label)
    var text = "--- \(old)\n+++ \(new)\n"
    var index = 0
    var delta = 0
    while index < changes.count {
      // One hunk: changes no more than 2 × context lines apart.
      var last = index
      while last + 1 < changes.count {
        let endOfLast = lineOfOffset[last] + changes[last].oldLines.count
        guard lineOfOffset[last + 1] - endOfLast <= 2 * context else { break }
        last += 1
      }
      let first = lineOfOffset[index]
      let end = lineOfOffset[last] + changes[last].oldLines.count
      let from = max(0, first - context)
      let to = min(oldLines.count, end + context)
      var body = ""
      var oldCount = 0
      var newCount = 0
      var position = from
      var hunkDelta = 0
      for k in index...last {
        let change = changes[k]
        while position < lineOfOffset[k] {
          body += " " + oldLines[position] + "\n"
          position += 1
          oldCount += 1
          newCount += 1
        }
        for removed in change.oldLines { body += "-" + removed + "\n" }
        for added in change.newLines { body += "+" + added + "\n" }
        oldCount += change.oldLines.count
        newCount += change.newLines.count
        hunkDelta += change.newLines.count - change.oldLines.count
        position += change.oldLines.count
      }
      while position < to {
        body += " " + oldLines[position] + "\n"
        position += 1
        oldCount += 1
        newCount += 1
      }
      let oldStart = oldCount == 0 ? from : from + 1
      let newStart = newCount == 0 ? from + delta : from + delta + 1
      text += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
      delta += hunkDelta
      index = last + 1
    }
    return text
  }

  /// One splice that turns `old` into `new`: what lies between their common start and end.
  static func splices(from old: [UInt8], to new: [UInt8]) -> [PBXEditor.Splice] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    guard prefix < old.count || prefix < new.count else { return [] }
    return [PBXEditor.Splice(range: prefix..<(old.count - suffix), text: Array(new[prefix..<(new.count - suffix)]))]
  }

  // MARK: - Private

  /// A run of whole lines replaced by other whole lines.
  private struct LineChange {
    var range: Range<Int>
    var oldLines: [String]
    var newLines: [String]
  }

  /// The splices widened to whole lines, those that share a line joined.
  private static func lineChanges(old: [UInt8], splices: [PBXEditor.Splice]) -> [LineChange] {
    func lineStart(_ offset: Int) -> Int {
      var i = offset
      while i > 0, old[i - 1] != 0x0A { i -= 1 }
      return i
    }
    func lineEnd(_ offset: Int) -> Int {
      var i = offset
      while i < old.count, old[i] != 0x0A { i += 1 }
      return min(i + 1, old.count)
    }
    var groups: [(range: Range<Int>, splices: [PBXEditor.Splice])] = []
    for splice in splices {
      let start = lineStart(splice.range.lowerBound)
      var end = splice.range.upperBound
      if end != start && old[end - 1] != 0x0A { end = lineEnd(end) }
      // Text without a line break put at a line's start runs into that line.
      if end == splice.range.upperBound, splice.text.last.map({ $0 != 0x0A }) ?? false, end < old.count {
        end = lineEnd(end)
      }
      if let last = groups.last, start < last.range.upperBound || (start == last.range.upperBound && start == end) {
        groups[groups.count - 1].range = last.range.lowerBound..<max(end, last.range.upperBound)
        groups[groups.count - 1].splices.append(splice)
      } else {
        groups.append((start..<end, [splice]))
      }
    }
    return groups.map { group in
      var replaced: [UInt8] = []
      var cursor = group.range.lowerBound
      for splice in group.splices {
        replaced += old[cursor..<splice.range.lowerBound]
        replaced += splice.text
        cursor = splice.range.upperBound
      }
      replaced += old[cursor..<group.range.upperBound]
      return LineChange(range: group.range, oldLines: lines(old[group.range]), newLines: lines(replaced[...]))
    }
  }

  /// The lines of a line-aligned run of bytes, without their line breaks.
  private static func lines(_ bytes: ArraySlice<UInt8>) -> [String] {
    guard !bytes.isEmpty else { return [] }
    var result = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    if bytes.last == 0x0A { result.removeLast() }
    return result
  }
}
