/// Shell-style patterns for `--key`: `*` matches any run of characters, `?` one character.
struct Glob {
  private let pattern: [Character]

  init(_ pattern: String) {
    self.pattern = Array(pattern)
  }

  func matches(_ text: String) -> Bool {
    let characters = Array(text)
    // Iterative matching with backtracking to the last '*'.
    var p = 0
    var t = 0
    var star: Int?
    var resume = 0
    while t < characters.count {
      if p < pattern.count, pattern[p] == "?" || pattern[p] == characters[t] {
        p += 1
        t += 1
      } else if p < pattern.count, pattern[p] == "*" {
        star = p
        resume = t
        p += 1
      } else if let star {
        p = star + 1
        resume += 1
        t = resume
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
