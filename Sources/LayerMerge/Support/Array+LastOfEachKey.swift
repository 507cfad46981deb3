extension Array {
  /// Each key once: the last element with that key, standing where the first one stood, as a
  /// dictionary built from the elements holds them (JSON objects and property-list dictionaries
  /// are read this way by Foundation).
  /// - Parameters:
  ///   - key: The element's key; keys compare by their bytes.
  ///   - onRepeat: Called with the element a repeated key replaces and its replacement.
  func lastOfEachKey(_ key: (Element) -> String, onRepeat: (_ first: Element, _ last: Element) -> Void = { _, _ in })
    -> [Element]
  {
    // Most lists are small and have no repeated key: check that without hashing.
    if count <= 16 {
      var repeated = false
      outer: for i in indices {
        for j in indices where j > i && key(self[i]).utf8.elementsEqual(key(self[j]).utf8) {
          repeated = true
          break outer
        }
      }
      if !repeated { return self }
    }
    var index: [ByteKey: Int] = [:]
    var result: [Element] = []
    result.reserveCapacity(count)
    for element in self {
      let bytes = ByteKey(key(element))
      if let existing = index[bytes] {
        onRepeat(result[existing], element)
        result[existing] = element
      } else {
        index[bytes] = result.count
        result.append(element)
      }
    }
    return result
  }
}
