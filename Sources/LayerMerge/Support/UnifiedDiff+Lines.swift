extension UnifiedDiff {
  /// The splices that turn `old` into `new`, line by line, for a change whose splices are not
  /// known (a table file edited in several places): lines found exactly once in each file are
  /// matched in order (the longest increasing run of them, as patience diff starts), and between
  /// two matched lines what differs after their common first and last lines is one splice.
  ///
  /// The time is `n log n` in the number of lines, whatever the files hold; a change the unique
  /// lines do not pin down shows as one larger hunk, never as a wrong one.
  static func lineSplices(from old: [UInt8], to new: [UInt8]) -> [PBXEditor.Splice] {
    let oldLines = lineRanges(old)
    let newLines = lineRanges(new)
    var anchors = uniqueMatches(old, oldLines, new, newLines)
    anchors.append((oldLines.count, newLines.count))
    var splices: [PBXEditor.Splice] = []
    var (oldStart, newStart) = (0, 0)
    for (oldEnd, newEnd) in anchors {
      var (a, b, c, d) = (oldStart, oldEnd, newStart, newEnd)
      while a < b, c < d, old[oldLines[a]] == new[newLines[c]] {
        a += 1
        c += 1
      }
      while a < b, c < d, old[oldLines[b - 1]] == new[newLines[d - 1]] {
        b -= 1
        d -= 1
      }
      if a < b || c < d {
        let range = offset(a, oldLines, old.count)..<offset(b, oldLines, old.count)
        splices.append(
          PBXEditor.Splice(
            range: range, text: Array(new[offset(c, newLines, new.count)..<offset(d, newLines, new.count)])))
      }
      (oldStart, newStart) = (oldEnd + 1, newEnd + 1)
    }
    return splices
  }

  // MARK: - Private

  /// Each line's bytes, its line break included.
  private static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == 0x0A {
      ranges.append(start..<(index + 1))
      start = index + 1
    }
    if start < bytes.count { ranges.append(start..<bytes.count) }
    return ranges
  }

  /// Where line `index` starts, or the end of the bytes past the last line.
  private static func offset(_ index: Int, _ lines: [Range<Int>], _ count: Int) -> Int {
    index < lines.count ? lines[index].lowerBound : count
  }

  /// The pairs of lines found exactly once in each file, in the order of both (the longest
  /// such run, by patience sorting).
  private static func uniqueMatches(
    _ old: [UInt8], _ oldLines: [Range<Int>], _ new: [UInt8], _ newLines: [Range<Int>]
  ) -> [(Int, Int)] {
    // Each line's index in old, or -1 once it is seen twice; the same for new.
    var inOld: [ArraySlice<UInt8>: Int] = [:]
    for (index, range) in oldLines.enumerated() { inOld[old[range]] = inOld[old[range]] == nil ? index : -1 }
    var inNew: [ArraySlice<UInt8>: Int] = [:]
    for (index, range) in newLines.enumerated() { inNew[new[range]] = inNew[new[range]] == nil ? index : -1 }
    var pairs: [(Int, Int)] = []
    for (index, range) in newLines.enumerated() {
      guard inNew[new[range]] == index, let oldIndex = inOld[new[range]], oldIndex >= 0 else { continue }
      pairs.append((oldIndex, index))
    }
    // Pairs are in new's order; keep the longest run whose old indexes increase.
    var tails: [Int] = []  // index into pairs of the last pair of the best run of each length
    var previous = [Int](repeating: -1, count: pairs.count)
    for (position, pair) in pairs.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if pairs[tails[middle]].0 < pair.0 { low = middle + 1 } else { high = middle }
      }
      previous[position] = low > 0 ? tails[low - 1] : -1
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var run: [(Int, Int)] = []
    var cursor = tails.last ?? -1
    while cursor >= 0 {
      run.append(pairs[cursor])
      cursor = previous[cursor]
    }
    return run.reversed()
  }
}
