/// One `<trans-unit>`: a text to translate, its translation if there is one, and the comment
/// for the translator.
///
/// Values are exact: what `<source>`, `<target>` and `<note>` hold after XML's own rules (the
/// five entities and character references resolved, CDATA sections unwrapped, line breaks read as
/// line feeds), with no white space trimmed or collapsed, whatever `xml:space` says.
public struct XLIFFUnit: Hashable, Sendable {
  /// The `id` attribute; for Xcode's tables see ``XLIFFUnitID``.
  public var id: String
  /// The `<source>` text; empty when the unit has no `<source>` (Xcode writes such units for
  /// plural cases a translation adds).
  public var source: String
  /// The `<target>` text, or `nil` when there is no `<target>` element (an empty `<target/>` is
  /// the empty string).
  public var target: String?
  /// The target's `state` attribute (`translated`, `needs-review-translation`, `new`…), if any.
  public var targetState: String?
  /// The first `<note>`'s text, or `nil` when there is none. Xcode writes one note per unit, the
  /// comment above the entry, and `<note/>` for an entry without a comment in a `.stringsdict` or
  /// catalog (the empty string here); later notes, which some tools add, are ignored.
  public var note: String?
  /// The `resname` attribute, which some tools use for the key when `id` is a number.
  public var resname: String?
  /// Where the `<trans-unit>` element starts (its `<`).
  public var position: TextPosition
  /// Where the `<target>` element starts, if there is one.
  public var targetPosition: TextPosition?

  /// Creates a unit.
  /// - Parameters:
  ///   - id: The unit's id.
  ///   - source: The source text.
  ///   - target: The translation, or `nil` for none.
  ///   - targetState: The target's `state`, if any.
  ///   - note: The comment for the translator, or `nil` for no `<note>`.
  ///   - resname: The `resname` attribute, if any.
  ///   - position: Where the element starts; 1:1 for a unit built in code.
  ///   - targetPosition: Where its `<target>` starts, if read from a file.
  public init(
    id: String, source: String, target: String? = nil, targetState: String? = nil, note: String? = nil,
    resname: String? = nil, position: TextPosition = TextPosition(line: 1, column: 1),
    targetPosition: TextPosition? = nil
  ) {
    self.id = id
    self.source = source
    self.target = target
    self.targetState = targetState
    self.note = note
    self.resname = resname
    self.position = position
    self.targetPosition = targetPosition
  }
}
