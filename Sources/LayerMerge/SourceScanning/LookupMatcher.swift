/// Finds the lookups in one file's tokens: each identifier that names a form (``FormNames``) is
/// checked against the form's shape — what precedes it, its arguments — and the key, table and
/// bundle arguments are read.
///
/// Every step over an argument list jumps over nested groups and literals through the tokens'
/// links, and each group is the argument list of at most one name, so the whole file is matched in
/// time linear in its tokens, however deep the nesting. Lookups inside interpolations and
/// closures are found too: every token is visited.
struct LookupMatcher {
  /// A file's lookups in the order of their keys, their positions not yet worked out (line 0),
  /// and the offset of each key.
  struct Found {
    var lookups: [SourceLookup]
    var offsets: [Int]
    /// A brief match's literal keys as bytes, by lookup (see ``BriefKeys``).
    var keys = BriefKeys()
  }

  private let p: UnsafeBufferPointer<UInt8>
  private let tokens: UnsafeBufferPointer<SourceToken>
  private let literals: UnsafeBufferPointer<SourceStringLiteral>
  private let decoder: LiteralDecoder
  /// The forms, borrowed for the match (`lookups(in:…)` holds the array): an element of an array
  /// property would be copied for each call of a mutating method, a dozen retains per candidate.
  private let forms: UnsafeBufferPointer<LookupForm>
  private let names: FormNames
  private let language: SourceLanguage
  /// See ``lookups(in:tokens:forms:names:language:brief:)``: a form's name is one string shared
  /// by every thread, and counting a reference to it per lookup made the cores wait for each
  /// other.
  private let brief: Bool
  /// A brief match's literal keys, by lookup found, and the span of the key the last
  /// ``keyValue(_:_:)`` read, for ``record(offset:key:table:bundle:unlessLookupAt:_:nameAt:)``.
  private var keys = BriefKeys()
  private var keySpan = BriefKeys.none
  /// The arguments of the call being matched: the first ``argumentCount`` (the buffer is kept from
  /// call to call).
  private var arguments: [Argument] = []
  private var argumentCount = 0
  /// The lookups found, in the order found, and beside them what sorts and filters them: built in
  /// place, never copied, since each holds a few strings.
  private var found: [SourceLookup] = []
  private var offsets: [Int] = []
  /// Whether a lookup is a SwiftUI form, kept only if the file imports SwiftUI.
  private var isSwiftUI: [Bool] = []
  /// For a dynamic key whose argument is a call, the call's name token (`-1`: none): the lookup is
  /// dropped if that call is a lookup itself, which is then counted instead.
  private var unlessLookupAt: [Int] = []
  private var importsSwiftUI = false
  /// The name tokens of the lookups found (a set only when a dynamic key asks, at the end).
  private var matchedNames: [Int] = []
  /// Objective-C: the groups open at the current token, innermost last.
  private var openGroups: [Int] = []
  /// The brackets of the messages read, so that a bracket's selector is read once however many
  /// parts repeat the name.
  private var lastMessage = -1

  /// One argument of a call: its label token (or `-1`) and its value's tokens.
  private struct Argument {
    var label: Int
    var start: Int
    var end: Int
  }

  /// How many bytes of an expression a dynamic key or table shows.
  static let expressionLimit = 80

  /// - Parameter brief: Whether the lookups are only numbered and let go (``SourceScanner``'s
  ///   brief scan): each is recorded without its form's name, a literal key as bytes in
  ///   ``Found/keys`` rather than a string, and the array of them is not made to fit.
  static func lookups(
    in bytes: UnsafeBufferPointer<UInt8>, tokens: SourceTokens, forms: [LookupForm], names: FormNames,
    language: SourceLanguage, brief: Bool = false
  ) -> Found {
    forms.withUnsafeBufferPointer { forms in
      var matcher = LookupMatcher(
        p: bytes, tokens: tokens.tokens, literals: tokens.literals,
        decoder: LiteralDecoder(bytes: bytes, tokens: tokens), forms: forms, names: names, language: language,
        brief: brief)
      matcher.run()
      return matcher.results()
    }
  }

  /// The lookups found once every token is visited, in the order of their keys' offsets (SwiftUI
  /// forms after others at the same offset).
  private mutating func results() -> Found {
    // The names matched, as bits by token: a set hashed each of a dense file's names.
    var matched = BitSet(count: unlessLookupAt.contains { $0 >= 0 } ? tokens.count : 0)
    if matched.capacity > 0 { for name in matchedNames { matched.insert(name) } }
    // Dropped in place: the kept ones move down, nothing is copied.
    var kept = 0
    for index in found.indices {
      guard importsSwiftUI || !isSwiftUI[index], unlessLookupAt[index] < 0 || !matched.contains(unlessLookupAt[index])
      else { continue }
      if kept != index {
        found.swapAt(kept, index)
        offsets[kept] = offsets[index]
        isSwiftUI[kept] = isSwiftUI[index]
        if brief { keys.spans[kept] = keys.spans[index] }
      }
      kept += 1
    }
    found.removeLast(found.count - kept)
    offsets.removeLast(offsets.count - kept)
    isSwiftUI.removeLast(isSwiftUI.count - kept)
    if brief { keys.spans.removeLast(keys.spans.count - kept) }
    func precedes(_ a: Int, _ b: Int) -> Bool {
      (offsets[a], isSwiftUI[a] ? 1 : 0, a) < (offsets[b], isSwiftUI[b] ? 1 : 0, b)
    }
    // Found in the order of their names, which is almost always the order of their keys.
    guard found.indices.dropFirst().contains(where: { precedes($0, $0 - 1) }) else {
      // The lookups outlive the scan: a file with few keeps them in an array of their own size,
      // and the room reserved for 32 goes to the next file (kept, it was 11 MB of the
      // benchmark's 3,600 files, a page fault every 4 KB).
      guard found.capacity > 2 * found.count, !brief else {
        return Found(lookups: found, offsets: offsets, keys: keys)
      }
      return Found(lookups: found.withUnsafeBufferPointer { Array($0) }, offsets: offsets)
    }
    let order = found.indices.sorted(by: precedes)
    if brief { keys.spans = order.map { keys.spans[$0] } }
    return Found(lookups: order.map { found[$0] }, offsets: order.map { offsets[$0] }, keys: keys)
  }

  private init(
    p: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<SourceToken>,
    literals: UnsafeBufferPointer<SourceStringLiteral>,
    decoder: LiteralDecoder,
    forms: UnsafeBufferPointer<LookupForm>, names: FormNames, language: SourceLanguage, brief: Bool
  ) {
    self.p = p
    self.tokens = tokens
    self.literals = literals
    self.decoder = decoder
    self.forms = forms
    self.names = names
    self.language = language
    self.brief = brief
  }

  // MARK: - Private

  private mutating func run() {
    let count = tokens.count
    var i = 0
    while i < count {
      let token = tokens[i]
      if language == .objectiveC { trackGroups(at: i) }
      if token.kind == .identifier,
        let candidates = names.forms(named: UnsafeBufferPointer(rebasing: p[Int(token.start)..<Int(token.end)]))
      {
        for candidate in candidates where match(forms[names.formIndexes[candidate]], at: i) { break }
      }
      i += 1
    }
  }

  /// Keeps ``openGroups`` up to date: groups that closed before `i` leave, a group opening at `i`
  /// enters.
  private mutating func trackGroups(at i: Int) {
    while let last = openGroups.last, Int(tokens[last].link) < i { openGroups.removeLast() }
    if tokens[i].kind.opens { openGroups.append(i) }
  }

  /// Whether the name at `i` is `form`; records the lookup when it is.
  private mutating func match(_ form: LookupForm, at i: Int) -> Bool {
    switch form.callee {
    case .importDeclaration:
      noteImport(at: i)
      return false
    case .property:
      return matchProperty(form, at: i)
    case .message:
      return matchMessage(form, at: i)
    default:
      break
    }
    guard i + 1 < tokens.count, tokens[i + 1].kind == .openParen else { return false }
    let hasDot = i > 0 && tokens[i - 1].kind == .dot
    if i > 0, isDeclarationKeyword(i - 1) { return false }
    var receiverBundle: String?
    switch form.callee {
    case .free:
      if hasDot && !(i >= 2 && isModuleName(i - 2)) { return false }
    case .member:
      // A modifier has a receiver: `view.help(…)`, `)\n.help(…)`; `case .alert(…)` is a pattern.
      if !hasDot || i < 2 || !isOperandEnd(i - 2) { return false }
    case .bundleMethod:
      receiverBundle = hasDot ? receiverStart(before: i - 1).flatMap { bundleText($0, i - 1) } : "self"
    case .qualified(let qualifier):
      var j = i
      for component in qualifier.reversed() {
        guard j >= 2, tokens[j - 1].kind == .dot, isIdentifier(j - 2, component) else { return false }
        j -= 2
      }
    default:
      break
    }
    parseArguments(openingAt: i + 1)
    guard let keyArgument = argument(form.key) else { return false }
    guard let (key, unless) = keyValue(keyArgument, form) else { return false }
    let bundle =
      form.callee == .bundleMethod ? receiverBundle : form.bundle.flatMap { argument($0) }.flatMap { bundleValue($0) }
    record(
      offset: Int(tokens[keyArgument.start].start), key: key,
      table: tableValue(form.table.flatMap { argument($0) }, form), bundle: bundle, unlessLookupAt: unless, form,
      nameAt: i)
    return true
  }

  private mutating func record(
    offset: Int, key: LookupKey, table: LookupTable, bundle: String?, unlessLookupAt unless: Int = -1,
    _ form: LookupForm, nameAt name: Int
  ) {
    if found.isEmpty {
      // Room for a dense file's lookups at once: grown from empty, each of these arrays was
      // reallocated half a dozen times per file.
      let capacity = 32
      matchedNames.reserveCapacity(capacity)
      found.reserveCapacity(capacity)
      offsets.reserveCapacity(capacity)
      isSwiftUI.reserveCapacity(capacity)
      unlessLookupAt.reserveCapacity(capacity)
      if brief { keys.spans.reserveCapacity(capacity) }
    }
    matchedNames.append(name)
    if brief {
      keys.spans.append(keySpan)
      keySpan = BriefKeys.none
    }
    found.append(
      SourceLookup(
        key: key, table: table, form: brief ? "" : form.display, position: TextPosition(line: 0, column: 0),
        bundle: bundle))
    offsets.append(offset)
    isSwiftUI.append(form.needsSwiftUI)
    unlessLookupAt.append(unless)
  }

  /// `"key".localized`, `"key".localized(…)`; any other receiver is a dynamic lookup.
  private mutating func matchProperty(_ form: LookupForm, at i: Int) -> Bool {
    guard i >= 2, tokens[i - 1].kind == .dot, !(i + 1 < tokens.count && tokens[i + 1].kind == .colon) else {
      return false
    }
    let r = i - 2
    guard isOperandEnd(r) else { return false }
    let key: LookupKey
    let offset: Int
    if let literal = literalEnding(at: r) {
      let info = literals[literal]
      offset = Int(tokens[Int(info.firstToken)].start)
      key =
        info.segmentCount > 1
        ? .dynamic(expression: expressionText(Int(info.firstToken), r + 1))
        : .literal(decoder.pieces(of: Int32(literal))[0])
    } else {
      guard let start = receiverStart(before: i - 1) else { return false }
      offset = Int(tokens[start].start)
      key = .dynamic(expression: expressionText(start, i - 1))
    }
    let table = form.defaultTable.map(LookupTable.init(name:)) ?? .standard
    record(offset: offset, key: key, table: table, bundle: nil, form, nameAt: i)
    return true
  }

  /// `[bundle localizedStringForKey:key value:value table:table]`.
  private mutating func matchMessage(_ form: LookupForm, at i: Int) -> Bool {
    guard i + 1 < tokens.count, tokens[i + 1].kind == .colon, let open = openGroups.last,
      tokens[open].kind == .openBracket, open + 1 < i, open != lastMessage
    else { return false }
    lastMessage = open
    let close = groupEnd(open)
    // The selector's parts: `name:` at the top level of the brackets.
    argumentCount = 0
    var j = i
    while j < close {
      if j + 1 < close, tokens[j].kind == .identifier, tokens[j + 1].kind == .colon {
        if argumentCount > 0 { arguments[argumentCount - 1].end = j }
        addArgument(Argument(label: j, start: j + 2, end: close))
        j += 2
        continue
      }
      j = next(j)
    }
    guard let keyArgument = argument(form.key), let (key, unless) = keyValue(keyArgument, form) else { return false }
    record(
      offset: Int(tokens[keyArgument.start].start), key: key,
      table: tableValue(form.table.flatMap { argument($0) }, form), bundle: bundleText(open + 1, i),
      unlessLookupAt: unless, form, nameAt: i)
    return true
  }

  /// `import SwiftUI`, `@_exported import SwiftUI`, `import struct SwiftUI.Text`.
  private mutating func noteImport(at i: Int) {
    var j = i + 1
    if j < tokens.count, tokens[j].kind == .identifier, !isIdentifier(j, LookupMatcher.swiftUI),
      j + 1 < tokens.count, tokens[j + 1].kind == .identifier
    {
      j += 1
    }
    if j < tokens.count, isIdentifier(j, LookupMatcher.swiftUI) { importsSwiftUI = true }
  }

  // MARK: - Arguments

  /// Splits the group opening at `open` into arguments at its top-level commas, with their labels
  /// (Swift).
  private mutating func parseArguments(openingAt open: Int) {
    argumentCount = 0
    let close = groupEnd(open)
    var j = open + 1
    var start = j
    while j <= close {
      if j == close || tokens[j].kind == .comma {
        if j > start || j < close { addArgument(start, j) }
        start = j + 1
        j += 1
        if j > close { break }
        continue
      }
      j = next(j)
    }
  }

  private mutating func addArgument(_ start: Int, _ end: Int) {
    if language == .swift, end - start >= 2, tokens[start].kind == .identifier, tokens[start + 1].kind == .colon {
      addArgument(Argument(label: start, start: start + 2, end: end))
    } else {
      addArgument(Argument(label: -1, start: start, end: end))
    }
  }

  private mutating func addArgument(_ argument: Argument) {
    if argumentCount < arguments.count {
      arguments[argumentCount] = argument
    } else {
      arguments.append(argument)
    }
    argumentCount += 1
  }

  /// The token after the group opening at `open`: its closing token, or the end of its scope.
  private func groupEnd(_ open: Int) -> Int {
    let link = Int(tokens[open].link)
    guard link > open else { return open + 1 }
    switch tokens[link].kind {
    case .closeParen, .closeBracket, .closeBrace, .interpolationClose: return link
    default: return min(link + 1, tokens.count)
    }
  }

  private func argument(_ slot: LookupForm.Slot) -> Argument? {
    switch slot {
    case .unlabeled(let position):
      guard position < argumentCount, arguments[position].label < 0 else { return nil }
      return arguments[position]
    case .position(let position):
      return position < argumentCount ? arguments[position] : nil
    case .label(let label):
      for index in 0..<argumentCount where arguments[index].label >= 0 && isIdentifier(arguments[index].label, label) {
        return arguments[index]
      }
      return nil
    }
  }

  /// The token after token `j` and everything it opens: a group, a literal with its
  /// interpolations.
  @inline(__always)
  private func next(_ j: Int) -> Int {
    let token = tokens[j]
    switch token.kind {
    case .string:
      return max(j + 1, Int(literals[Int(token.link)].lastToken) + 1)
    case .openParen, .openBracket, .openBrace, .interpolationOpen:
      return max(j + 1, Int(token.link) + 1)
    default:
      return j + 1
    }
  }

  // MARK: - Values

  /// The key an argument holds, or `nil` when the call is no lookup (a form that shows a
  /// non-literal as it is). For a dynamic key that is a call, the call's name token: if that call
  /// is a lookup, it is counted on its own and this one is not.
  private mutating func keyValue(_ argument: Argument, _ form: LookupForm) -> (LookupKey, Int)? {
    guard argument.start < argument.end else { return nil }
    if let literals = wholeLiterals(argument.start, argument.end) {
      if literals.count == 1, self.literals[Int(literals.first)].segmentCount > 1 {
        return form.interpolationIsFormat
          ? (.interpolated(pieces: decoder.pieces(of: literals.first)), -1)
          : (.dynamic(expression: expressionText(argument.start, argument.end)), -1)
      }
      if literals.count == 1 || language == .objectiveC {
        // A brief match's key goes into the bytes of all keys: no string is made for it.
        if brief, let span = keys.append(decoder, literalTokens: argument.start..<argument.end) {
          keySpan = span
          return (.literal(""), -1)
        }
        return (.literal(decoder.joinedValue(ofLiteralTokens: argument.start..<argument.end)), -1)
      }
    }
    guard form.countsNonLiteral else { return nil }
    return (.dynamic(expression: expressionText(argument.start, argument.end)), callName(argument.start, argument.end))
  }

  private func tableValue(_ argument: Argument?, _ form: LookupForm) -> LookupTable {
    guard let argument, argument.start < argument.end else {
      return form.defaultTable.map(LookupTable.init(name:)) ?? .standard
    }
    if let literals = wholeLiterals(argument.start, argument.end),
      literals.count == 1 || language == .objectiveC, self.literals[Int(literals.first)].segmentCount == 1
    {
      return LookupTable(name: decoder.joinedValue(ofLiteralTokens: argument.start..<argument.end))
    }
    if argument.end - argument.start == 1, isNull(argument.start) { return .standard }
    return .dynamic(expression: expressionText(argument.start, argument.end))
  }

  private func bundleValue(_ argument: Argument) -> String? {
    guard argument.start < argument.end else { return nil }
    return bundleText(argument.start, argument.end)
  }

  /// The source text of the bundle that tokens `start..<end` name (``expressionText(_:_:)``), or
  /// `nil` for the main bundle however it is spelled.
  private func bundleText(_ start: Int, _ end: Int) -> String? {
    isMainBundle(start, end) ? nil : expressionText(start, end)
  }

  /// Whether tokens `start..<end`, without the trivia between them (spaces, line breaks,
  /// comments), spell one of ``mainBundles``: compared in the source's bytes, no string made (most
  /// lookups that name a bundle name the main one). Only a literal token holds a space.
  private func isMainBundle(_ start: Int, _ end: Int) -> Bool {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: LookupMatcher.longestMainBundle) { spelled in
      var count = 0
      for j in start..<end {
        let token = tokens[j]
        // No spelling of the main bundle holds a literal.
        if token.kind == .string { return false }
        for k in Int(token.start)..<min(Int(token.end), p.count) {
          guard count < spelled.count else { return false }
          spelled[count] = p[k]
          count += 1
        }
      }
      let text = UnsafeBufferPointer(rebasing: spelled[..<count])
      return LookupMatcher.mainBundles.contains { $0.withUnsafeBufferPointer { bytesEqual($0, text) } }
    }
  }

  private static let mainBundles = [
    "nil", "NULL", "Nil", ".main", "Bundle.main", "Foundation.Bundle.main", "[NSBundlemainBundle]",
    "NSBundle.mainBundle", "[NSBundle.mainBundle]",
  ].map { Array($0.utf8) }
  private static let longestMainBundle = mainBundles.map(\.count).max() ?? 0

  /// The first of the literals making up `start..<end` and how many there are, when it holds
  /// nothing else.
  private func wholeLiterals(_ start: Int, _ end: Int) -> (first: Int32, count: Int)? {
    var count = 0
    var j = start
    while j < end {
      guard tokens[j].kind == .string else { return nil }
      count += 1
      j = next(j)
    }
    return j == end && count > 0 ? (tokens[start].link, count) : nil
  }

  /// The literal whose last token is `j`, if any.
  private func literalEnding(at j: Int) -> Int? {
    guard j >= 0 else { return nil }
    let token = tokens[j]
    guard token.kind == .string || token.kind == .interpolationClose else { return nil }
    let literal = Int(token.link)
    return Int(literals[literal].lastToken) == j ? literal : nil
  }

  /// When `start..<end` is a call or property, perhaps on a receiver (`bundle.localizedString(…)`,
  /// `"key".localized`, `L10n.tr(…)`), the token of its name; else `-1`.
  private func callName(_ start: Int, _ end: Int) -> Int {
    let last = end - 1
    var nameIndex = last
    if tokens[last].kind == .closeParen {
      let open = Int(tokens[last].link)
      guard open > start else { return -1 }
      nameIndex = open - 1
    }
    guard tokens[nameIndex].kind == .identifier else { return -1 }
    var j = start
    while j < nameIndex {
      switch tokens[j].kind {
      case .identifier, .dot, .string, .question, .exclamation, .openParen, .openBracket: j = next(j)
      default: return -1
      }
    }
    return j == nameIndex ? nameIndex : -1
  }

  // MARK: - Receivers and names

  /// Where the postfix expression ending just before `dot` starts: names, calls, subscripts, `?`
  /// and `!`, literals, joined by dots (`Bundle(for: X.self).main`, `foo.bar[0]?`). Looks back a
  /// bounded number of steps, so that a long chain of lookups stays linear.
  private func receiverStart(before dot: Int) -> Int? {
    var j = dot - 1
    var start: Int?
    var steps = 0
    while j >= 0, steps < 32 {
      steps += 1
      let token = tokens[j]
      switch token.kind {
      case .closeParen, .closeBracket:
        guard token.link >= 0, Int(token.link) < j else { return start }
        start = Int(token.link)
        j = Int(token.link) - 1
        continue
      case .question, .exclamation:
        start = j
        j -= 1
        continue
      case .identifier, .number, .string, .interpolationClose:
        let first = literalEnding(at: j).map { Int(literals[$0].firstToken) } ?? j
        if token.kind == .interpolationClose && first == j { return start }
        start = first
        j = first - 1
        if j >= 0, tokens[j].kind == .dot {
          j -= 1
          continue
        }
        return start
      default:
        return start
      }
    }
    return start
  }

  /// Whether token `j` can end an expression that a `.member` then applies to.
  private func isOperandEnd(_ j: Int) -> Bool {
    switch tokens[j].kind {
    case .closeParen, .closeBracket, .closeBrace, .question, .exclamation, .string, .interpolationClose, .number:
      return true
    case .identifier:
      return !isAnyIdentifier(j, of: LookupMatcher.keywordsBeforeImplicitMember)
    default:
      return false
    }
  }

  private func isIdentifier(_ j: Int, _ name: [UInt8]) -> Bool {
    let token = tokens[j]
    guard token.kind == .identifier, Int(token.end - token.start) == name.count else { return false }
    // Compared in place: `elementsEqual` iterated the two generically, 240 instructions a label.
    return name.withUnsafeBufferPointer {
      bytesEqual($0, UnsafeBufferPointer(rebasing: p[Int(token.start)..<Int(token.end)]))
    }
  }

  /// Whether token `j` is one of `names` (a loop: a closure would capture a copy of the matcher).
  private func isAnyIdentifier(_ j: Int, of names: [[UInt8]]) -> Bool {
    for name in names where isIdentifier(j, name) { return true }
    return false
  }

  private func isModuleName(_ j: Int) -> Bool {
    isAnyIdentifier(j, of: LookupMatcher.moduleNames)
  }

  /// `func` (a declaration, not a call) in Swift, `define` (a macro's definition) in C.
  private func isDeclarationKeyword(_ j: Int) -> Bool {
    isIdentifier(j, language == .swift ? LookupMatcher.funcKeyword : LookupMatcher.define)
  }

  private func isNull(_ j: Int) -> Bool {
    isAnyIdentifier(j, of: LookupMatcher.nulls)
  }

  /// Keywords after which `.name` is an implicit member (`case .localized`), not a property of
  /// what precedes.
  private static let keywordsBeforeImplicitMember = [
    "case", "return", "in", "else", "where", "if", "guard", "while", "switch", "throw", "try", "await", "is", "as",
    "let", "var", "repeat", "defer", "do",
  ].map { Array($0.utf8) }
  private static let moduleNames = ["SwiftUI", "Foundation", "Swift"].map { Array($0.utf8) }
  private static let nulls = ["nil", "NULL", "Nil"].map { Array($0.utf8) }
  private static let swiftUI = Array("SwiftUI".utf8)
  private static let funcKeyword = Array("func".utf8)
  private static let define = Array("define".utf8)

  // MARK: - Expression text

  /// The source text of tokens `start..<end`, for listing: a space wherever trivia separated two
  /// tokens (so comments and line breaks do not show), cut after ``expressionLimit`` bytes with
  /// `…`.
  private func expressionText(_ start: Int, _ end: Int) -> String {
    var out: [UInt8] = []
    var j = start
    var lastEnd = -1
    var truncated = false
    // Whitespace shows as one space: bound the bytes read too, not only those shown.
    var budget = 16 * LookupMatcher.expressionLimit
    while j < end {
      let token = tokens[j]
      if lastEnd >= 0, Int(token.start) > lastEnd { out.append(SourceBytes.space) }
      var k = Int(token.start)
      let tokenEnd = min(Int(token.end), p.count)
      var spaced = false
      while k < tokenEnd {
        let b = p[k]
        k += 1
        budget -= 1
        if budget == 0 { break }
        if SourceBytes.isHorizontalSpace(b) || SourceBytes.isLineBreak(b) {
          if !spaced { out.append(SourceBytes.space) }
          spaced = true
          continue
        }
        spaced = false
        out.append(b)
        if out.count >= LookupMatcher.expressionLimit || budget <= 0 { break }
      }
      lastEnd = tokenEnd
      if out.count >= LookupMatcher.expressionLimit || budget <= 0 {
        truncated = k < tokenEnd || (token.kind == .string ? next(j) : j + 1) < end
        break
      }
      // A literal's text includes its interpolations: go on after the literal.
      j = token.kind == .string ? next(j) : j + 1
    }
    if truncated {
      while let last = out.last, last & 0xC0 == 0x80 { out.removeLast() }
      if let last = out.last, last >= 0xC0 { out.removeLast() }
      return String(decoding: out, as: UTF8.self) + "…"
    }
    return String(decoding: out, as: UTF8.self)
  }
}
