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
    /// A full match's lookups.
    var lookups: [SourceLookup] = []
    /// A full match's keys' offsets, by lookup (a brief match works out no positions).
    var offsets: [Int]
    /// A brief match's lookups (see ``BriefLookups``).
    var brief = BriefLookups()
  }

  /// The file's buffers, and what reads them (kept apart: see ``TokenView``).
  private let view: TokenView
  private var decoder: LiteralDecoder { LiteralDecoder(view) }
  /// The forms, borrowed for the match (`lookups(in:…)` holds the array): an element of an array
  /// property would be copied for each call of a mutating method, a dozen retains per candidate.
  private let forms: UnsafeBufferPointer<LookupForm>
  private let names: FormNames
  /// The forms' shapes, their labels and the forms by name, borrowed likewise from ``names``: what
  /// a candidate is tested with, read without counting a reference (see ``FormShape``).
  private let shapes: UnsafeBufferPointer<FormShape>
  private let labels: UnsafeBufferPointer<UInt8>
  private let formIndexes: UnsafeBufferPointer<Int>
  private let language: SourceLanguage
  /// See ``lookups(in:tokens:forms:names:language:brief:)``.
  private let brief: Bool
  /// A brief match's lookups, and where the bytes of the key the last ``keyValue(_:_:)`` read are,
  /// for ``record(offset:key:table:bundle:unlessLookupAt:formAt:nameAt:)``.
  private var briefLookups = BriefLookups()
  private var keySpan: BriefLookups.Span?
  /// The arguments of the call being matched (the buffer is kept from call to call, freed when the
  /// file is matched).
  private var arguments = UncheckedBuffer<Argument>(capacity: 16)
  /// The lookups found, in the order found, and beside them what sorts and filters them: built in
  /// place, never copied, since each holds a few strings.
  private var found: [SourceLookup] = []
  /// By lookup found (one array, not one per field: an append checks its array each time).
  private var places: [Place] = []
  private var importsSwiftUI = false

  /// Where a lookup was found, and what decides whether it is kept.
  private struct Place {
    /// The offset of the key.
    var offset: Int
    /// The name token (a set of them only when a dynamic key asks, at the end).
    var name: Int
    /// For a dynamic key whose argument is a call, the call's name token (`-1`: none): the lookup
    /// is dropped if that call is a lookup itself, which is then counted instead.
    var unlessLookupAt: Int
    /// Whether the lookup is a SwiftUI form, kept only if the file imports SwiftUI.
    var isSwiftUI: Bool
  }
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

  /// - Parameter brief: Whether the lookups are only numbered and let go (``SourceScanner``'s
  ///   brief scan): each is recorded as a ``BriefLookups/Lookup`` in ``Found/brief``, without its
  ///   form's name (one string every thread shares) or a string per key.
  static func lookups(
    in bytes: UnsafeBufferPointer<UInt8>, tokens: SourceTokens, forms: [LookupForm], names: FormNames,
    language: SourceLanguage, brief: Bool = false
  ) -> Found {
    forms.withUnsafeBufferPointer { forms in
      names.shapes.withUnsafeBufferPointer { shapes in
        names.labelBytes.withUnsafeBufferPointer { labels in
          names.formIndexes.withUnsafeBufferPointer { formIndexes in
            var matcher = LookupMatcher(
              view: TokenView(bytes: bytes, tokens: tokens), forms: forms, names: names,
              shapes: (shapes, labels, formIndexes), language: language, brief: brief)
            defer { matcher.arguments.deallocate() }
            matcher.run(tokens)
            return matcher.results()
          }
        }
      }
    }
  }

  /// The lookups found once every token is visited, in the order of their keys' offsets (SwiftUI
  /// forms after others at the same offset).
  private mutating func results() -> Found {
    // The names matched, as bits by token: a set hashed each of a dense file's names.
    var matched = BitSet(count: places.contains { $0.unlessLookupAt >= 0 } ? view.tokens.count : 0)
    if matched.capacity > 0 { for place in places { matched.insert(place.name) } }
    // Dropped in place: the kept ones move down, nothing is copied.
    var kept = 0
    for index in places.indices {
      let place = places[index]
      guard importsSwiftUI || !place.isSwiftUI, place.unlessLookupAt < 0 || !matched.contains(place.unlessLookupAt)
      else { continue }
      if kept != index {
        places[kept] = place
        if brief { briefLookups.lookups[kept] = briefLookups.lookups[index] } else { found.swapAt(kept, index) }
      }
      kept += 1
    }
    places.removeLast(places.count - kept)
    if brief {
      briefLookups.lookups.removeLast(briefLookups.lookups.count - kept)
    } else {
      found.removeLast(found.count - kept)
    }
    func precedes(_ a: Int, _ b: Int) -> Bool {
      (places[a].offset, places[a].isSwiftUI ? 1 : 0, a) < (places[b].offset, places[b].isSwiftUI ? 1 : 0, b)
    }
    // Found in the order of their names, which is almost always the order of their keys.
    guard places.indices.dropFirst().contains(where: { precedes($0, $0 - 1) }) else {
      // A brief scan works out no positions: its offsets are never read.
      if brief { return Found(offsets: [], brief: briefLookups) }
      let offsets = places.map(\.offset)
      // The lookups outlive the scan: a file with few keeps them in an array of their own size,
      // and the room reserved for 32 goes to the next file (kept, it was 11 MB of the
      // benchmark's 3,600 files, a page fault every 4 KB).
      guard found.capacity > 2 * found.count else { return Found(lookups: found, offsets: offsets) }
      return Found(lookups: found.withUnsafeBufferPointer { Array($0) }, offsets: offsets)
    }
    let order = places.indices.sorted(by: precedes)
    guard !brief else {
      briefLookups.lookups = order.map { briefLookups.lookups[$0] }
      return Found(offsets: [], brief: briefLookups)
    }
    return Found(lookups: order.map { found[$0] }, offsets: order.map { places[$0].offset })
  }

  private init(
    view: TokenView, forms: UnsafeBufferPointer<LookupForm>, names: FormNames,
    shapes: (UnsafeBufferPointer<FormShape>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int>),
    language: SourceLanguage, brief: Bool
  ) {
    self.view = view
    self.forms = forms
    self.names = names
    (self.shapes, labels, formIndexes) = shapes
    self.language = language
    self.brief = brief
  }

  // MARK: - Private

  private mutating func run(_ tokens: SourceTokens) {
    if language == .swift, tokens.marksCandidates {
      // The identifiers the lexer marked, in order (no other names a form).
      for candidate in tokens.candidates { tryForms(at: Int(candidate)) }
      return
    }
    // Every token: Objective-C tracks the brackets open at each.
    for i in view.tokens.indices {
      if language == .objectiveC { trackGroups(at: i) }
      if view.tokens[i].kind == .identifier { tryForms(at: i) }
    }
  }

  /// Matches the forms spelled as the identifier at `i`, in order, until one matches.
  @inline(__always)
  private mutating func tryForms(at i: Int) {
    guard let forms = names.forms(named: view.text(i)) else { return }
    for form in forms where match(formAt: formIndexes[form], at: i) { break }
  }

  /// Keeps ``openGroups`` up to date: groups that closed before `i` leave, a group opening at `i`
  /// enters.
  private mutating func trackGroups(at i: Int) {
    while let last = openGroups.last, Int(view.tokens[last].link) < i { openGroups.removeLast() }
    if view.tokens[i].kind.opens { openGroups.append(i) }
  }

  /// Whether the name at `i` is the form at `index`; records the lookup when it is.
  private mutating func match(formAt index: Int, at i: Int) -> Bool {
    let shape = shapes[index]
    switch shape.callee {
    case .importDeclaration:
      noteImport(at: i)
      return false
    case .property:
      return matchProperty(formAt: index, at: i)
    case .message:
      return matchMessage(formAt: index, at: i)
    default:
      break
    }
    guard i + 1 < view.tokens.count, view.tokens[i + 1].kind == .openParen else { return false }
    let hasDot = i > 0 && view.tokens[i - 1].kind == .dot
    if i > 0, view.isDeclarationKeyword(i - 1, language) { return false }
    var receiverBundle: String?
    switch shape.callee {
    case .free:
      if hasDot && !(i >= 2 && view.isModuleName(i - 2)) { return false }
    case .member:
      // A modifier has a receiver: `view.help(…)`, `)\n.help(…)`; `case .alert(…)` is a pattern.
      if !hasDot || i < 2 || !view.isOperandEnd(i - 2) { return false }
    case .bundleMethod:
      receiverBundle = hasDot ? view.receiverStart(before: i - 1).flatMap { view.bundleText($0, i - 1) } : "self"
    case .qualified:
      // A declared helper's: its form is read, for its qualifier.
      guard case .qualified(let qualifier) = forms[index].callee else { return false }
      var j = i
      for component in qualifier.reversed() {
        guard j >= 2, view.tokens[j - 1].kind == .dot,
          component.withUnsafeBufferPointer({ view.isIdentifier(j - 2, $0) })
        else { return false }
        j -= 2
      }
    default:
      break
    }
    // A form whose key is its first argument, unlabeled, and that reads nothing but a literal
    // there, is no lookup when that argument does not start with one (`Text(verbatim: s)`,
    // `Text(NSLocalizedString(…))`): most candidates that fail, told without splitting the call.
    if shape.key.kind == .unlabeled, shape.key.position == 0, !shape.countsNonLiteral, language == .swift,
      i + 2 < view.tokens.count, view.tokens[i + 2].kind != .string
    {
      return false
    }
    parseArguments(openingAt: i + 1)
    guard let keyArgument = Self.argument(shape.key, of: arguments, labels: labels, view) else { return false }
    guard let (key, unless) = keyValue(keyArgument, shape) else { return false }
    let bundle =
      shape.callee == .bundleMethod
      ? receiverBundle
      : Self.argument(shape.bundle, of: arguments, labels: labels, view).flatMap {
        $0.start < $0.end ? view.bundleText($0.start, $0.end) : nil
      }
    let table =
      Self.tableArgument(shape.table, of: arguments, labels: labels, view, language, brief: brief)
      ?? Self.defaultTable(formAt: index, shapes, forms)
    record(
      offset: Int(view.tokens[keyArgument.start].start), key: key, table: table, bundle: bundle,
      unlessLookupAt: unless, formAt: index, nameAt: i)
    return true
  }

  private mutating func record(
    offset: Int, key: consuming LookupKey, table: consuming LookupTable, bundle: consuming String?,
    unlessLookupAt unless: Int = -1, formAt index: Int, nameAt name: Int
  ) {
    if places.isEmpty {
      // Room for a dense file's lookups at once: grown from empty, each of these arrays was
      // reallocated half a dozen times per file.
      let capacity = 32
      places.reserveCapacity(capacity)
      if brief { briefLookups.lookups.reserveCapacity(capacity) } else { found.reserveCapacity(capacity) }
    }
    places.append(Place(offset: offset, name: name, unlessLookupAt: unless, isSwiftUI: shapes[index].needsSwiftUI))
    guard !brief else {
      briefLookups.lookups.append(briefLookups.lookup(key: key, span: keySpan, table: table, bundle: bundle))
      keySpan = nil
      return
    }
    found.append(
      SourceLookup(
        key: key, table: table, form: forms[index].display, position: TextPosition(line: 0, column: 0), bundle: bundle))
  }

  /// `"key".localized`, `"key".localized(…)`; any other receiver is a dynamic lookup.
  private mutating func matchProperty(formAt index: Int, at i: Int) -> Bool {
    guard i >= 2, view.tokens[i - 1].kind == .dot, !(i + 1 < view.tokens.count && view.tokens[i + 1].kind == .colon)
    else {
      return false
    }
    let r = i - 2
    guard view.isOperandEnd(r) else { return false }
    let key: LookupKey
    let offset: Int
    if let literal = view.literalEnding(at: r) {
      let info = view.literals[literal]
      offset = Int(view.tokens[Int(info.firstToken)].start)
      key =
        info.segmentCount > 1
        ? .dynamic(expression: Self.expression(Int(info.firstToken), r + 1, in: view, brief: brief))
        : .literal(decoder.pieces(of: Int32(literal))[0])
    } else {
      guard let start = view.receiverStart(before: i - 1) else { return false }
      offset = Int(view.tokens[start].start)
      key = .dynamic(expression: Self.expression(start, i - 1, in: view, brief: brief))
    }
    record(
      offset: offset, key: key, table: Self.defaultTable(formAt: index, shapes, forms), bundle: nil, formAt: index,
      nameAt: i)
    return true
  }

  /// `[bundle localizedStringForKey:key value:value table:table]`.
  private mutating func matchMessage(formAt index: Int, at i: Int) -> Bool {
    guard i + 1 < view.tokens.count, view.tokens[i + 1].kind == .colon, let open = openGroups.last,
      view.tokens[open].kind == .openBracket, open + 1 < i, open != lastMessage
    else { return false }
    lastMessage = open
    let close = view.groupEnd(open)
    // The selector's parts: `name:` at the top level of the brackets.
    arguments.removeAll()
    var j = i
    while j < close {
      if j + 1 < close, view.tokens[j].kind == .identifier, view.tokens[j + 1].kind == .colon {
        if arguments.count > 0 { arguments[arguments.count - 1].end = j }
        arguments.append(Argument(label: j, start: j + 2, end: close))
        j += 2
        continue
      }
      j = view.next(j)
    }
    let shape = shapes[index]
    guard let keyArgument = Self.argument(shape.key, of: arguments, labels: labels, view),
      let (key, unless) = keyValue(keyArgument, shape)
    else { return false }
    let table =
      Self.tableArgument(shape.table, of: arguments, labels: labels, view, language, brief: brief)
      ?? Self.defaultTable(formAt: index, shapes, forms)
    record(
      offset: Int(view.tokens[keyArgument.start].start), key: key, table: table, bundle: view.bundleText(open + 1, i),
      unlessLookupAt: unless, formAt: index, nameAt: i)
    return true
  }

  /// `import SwiftUI`, `@_exported import SwiftUI`, `import struct SwiftUI.Text`.
  private mutating func noteImport(at i: Int) {
    var j = i + 1
    if j < view.tokens.count, view.tokens[j].kind == .identifier, !view.isIdentifier(j, "SwiftUI"),
      j + 1 < view.tokens.count, view.tokens[j + 1].kind == .identifier
    {
      j += 1
    }
    if j < view.tokens.count, view.isIdentifier(j, "SwiftUI") { importsSwiftUI = true }
  }

  // MARK: - Arguments

  /// Splits the group opening at `open` into arguments at its top-level commas, with their labels
  /// (Swift).
  private mutating func parseArguments(openingAt open: Int) {
    arguments.removeAll()
    let close = view.groupEnd(open)
    var j = open + 1
    var start = j
    while j <= close {
      if j == close || view.tokens[j].kind == .comma {
        if j > start || j < close { addArgument(start, j) }
        start = j + 1
        j += 1
        if j > close { break }
        continue
      }
      j = view.next(j)
    }
  }

  private mutating func addArgument(_ start: Int, _ end: Int) {
    if language == .swift, end - start >= 2, view.tokens[start].kind == .identifier,
      view.tokens[start + 1].kind == .colon
    {
      arguments.append(Argument(label: start, start: start + 2, end: end))
    } else {
      arguments.append(Argument(label: -1, start: start, end: end))
    }
  }

  /// The argument in `slot` of the call being matched. Static, as the other helpers of a match: a
  /// method of the matcher copied the whole matcher at each call.
  private static func argument(
    _ slot: FormShape.Slot, of arguments: UncheckedBuffer<Argument>, labels: UnsafeBufferPointer<UInt8>,
    _ view: TokenView
  ) -> Argument? {
    switch slot.kind {
    case .none:
      return nil
    case .unlabeled:
      guard slot.position < arguments.count, arguments[slot.position].label < 0 else { return nil }
      return arguments[slot.position]
    case .position:
      return slot.position < arguments.count ? arguments[slot.position] : nil
    case .label:
      let label = UnsafeBufferPointer(rebasing: labels[slot.label])
      for index in 0..<arguments.count
      where arguments[index].label >= 0 && view.isIdentifier(arguments[index].label, label) {
        return arguments[index]
      }
      return nil
    }
  }

  // MARK: - Values

  /// The key an argument holds, or `nil` when the call is no lookup (a form that shows a
  /// non-literal as it is). For a dynamic key that is a call, the call's name token: if that call
  /// is a lookup, it is counted on its own and this one is not.
  private mutating func keyValue(_ argument: Argument, _ form: FormShape) -> (LookupKey, Int)? {
    guard argument.start < argument.end else { return nil }
    if let literals = view.wholeLiterals(argument.start, argument.end) {
      if literals.count == 1, view.literals[Int(literals.first)].segmentCount > 1 {
        guard form.interpolationIsFormat else {
          return (.dynamic(expression: Self.expression(argument.start, argument.end, in: view, brief: brief)), -1)
        }
        // A brief match's text goes into the bytes of all keys, as a literal key's does.
        if brief, let span = briefLookups.appendInterpolation(decoder, literal: literals.first) {
          keySpan = span
          return (.interpolated(pieces: []), -1)
        }
        return (.interpolated(pieces: decoder.pieces(of: literals.first)), -1)
      }
      if literals.count == 1 || language == .objectiveC {
        // A brief match's key goes into the bytes of all keys: no string is made for it.
        if brief, let span = briefLookups.appendKey(decoder, literalTokens: argument.start..<argument.end) {
          keySpan = span
          return (.literal(""), -1)
        }
        return (.literal(decoder.joinedValue(ofLiteralTokens: argument.start..<argument.end)), -1)
      }
    }
    guard form.countsNonLiteral else { return nil }
    return (
      .dynamic(expression: Self.expression(argument.start, argument.end, in: view, brief: brief)),
      view.callName(argument.start, argument.end)
    )
  }

  /// The table the argument in `slot` names, or `nil` without one (the form's default applies).
  private static func tableArgument(
    _ slot: FormShape.Slot, of arguments: UncheckedBuffer<Argument>, labels: UnsafeBufferPointer<UInt8>,
    _ view: TokenView, _ language: SourceLanguage, brief: Bool
  ) -> LookupTable? {
    guard let argument = Self.argument(slot, of: arguments, labels: labels, view), argument.start < argument.end else {
      return nil
    }
    if let literals = view.wholeLiterals(argument.start, argument.end),
      literals.count == 1 || language == .objectiveC, view.literals[Int(literals.first)].segmentCount == 1
    {
      return LookupTable(name: LiteralDecoder(view).joinedValue(ofLiteralTokens: argument.start..<argument.end))
    }
    if argument.end - argument.start == 1, view.isNull(argument.start) { return .standard }
    return .dynamic(expression: Self.expression(argument.start, argument.end, in: view, brief: brief))
  }

  /// The source text of a dynamic key or table, for listing; a brief scan lists none, so it makes
  /// none (static, as ``argument(_:of:labels:_:)``).
  private static func expression(_ start: Int, _ end: Int, in view: TokenView, brief: Bool) -> String {
    brief ? "" : view.expressionText(start, end)
  }

  /// The table the form at `index` reads without a table argument: `Localizable`, or the one a
  /// declared helper names (only then is the form itself read).
  private static func defaultTable(
    formAt index: Int, _ shapes: UnsafeBufferPointer<FormShape>, _ forms: UnsafeBufferPointer<LookupForm>
  ) -> LookupTable {
    guard shapes[index].hasDefaultTable, let name = forms[index].defaultTable else { return .standard }
    return LookupTable(name: name)
  }
}
