extension String {
  /// The string with every occurrence of `target` replaced, compared by Unicode scalar (so that
  /// `\n` is found inside `\r\n` and `</` before a combining mark).
  func replacingEvery(_ target: String, with replacement: String) -> String {
    let needle = Array(target.unicodeScalars)
    guard let first = needle.first else { return self }
    let scalars = Array(unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if scalars[index] == first, index + needle.count <= scalars.count,
        scalars[index..<(index + needle.count)].elementsEqual(needle)
      {
        // One scalar at a time: appending a sequence to a scalar view copies the view each time.
        for scalar in replacement.unicodeScalars { result.append(scalar) }
        index += needle.count
      } else {
        result.append(scalars[index])
        index += 1
      }
    }
    return String(result)
  }
}
