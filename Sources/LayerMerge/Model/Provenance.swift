/// Where one definition of a key stands: which layer, file, line and column.
public struct Definition: Hashable, Sendable {
  /// The index of the layer in the stack, 0 for the base.
  public var layerIndex: Int
  /// The layer's name.
  public var layer: String
  /// The file's path.
  public var file: String
  /// The entry as read, which holds the position and the value (made into strings only when read).
  var entry: LocalizationEntry

  /// The key's position in the file, if the format has positions.
  public var position: TextPosition? {
    get { entry.position }
    set { entry.position = newValue }
  }

  /// The value defined there.
  public var value: LocalizationValue {
    get { entry.value }
    set { entry.value = newValue }
  }

  /// Creates a definition.
  public init(layerIndex: Int, layer: String, file: String, position: TextPosition?, value: LocalizationValue) {
    self.init(
      layerIndex: layerIndex, layer: layer, file: file,
      entry: LocalizationEntry(key: "", value: value, position: position))
  }

  /// Creates the definition of an entry read from `file`.
  init(layerIndex: Int, layer: String, file: String, entry: LocalizationEntry) {
    self.layerIndex = layerIndex
    self.layer = layer
    self.file = file
    self.entry = entry
  }

  /// The definition's location, for diagnostics.
  public var location: SourceLocation { SourceLocation(path: file, position: position) }

  public static func == (lhs: Definition, rhs: Definition) -> Bool {
    lhs.layerIndex == rhs.layerIndex && lhs.layer == rhs.layer && lhs.file == rhs.file
      && lhs.position == rhs.position && lhs.value == rhs.value
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(layerIndex)
    hasher.combine(file)
    hasher.combine(position)
  }
}

/// Who supplied a key of a merged table, and what it shadowed.
public struct KeyProvenance: Hashable, Sendable {
  /// How the winning definition relates to the layers below it.
  public enum Status: String, Hashable, Sendable, CaseIterable {
    /// Only the base defines the key.
    case inherited
    /// A higher layer replaces a different value.
    case overridden
    /// A higher layer repeats the value it shadows.
    case redundant
    /// No lower layer defines the key.
    case added
  }

  /// The key (the winner's; made into a string when read).
  public var key: String {
    get { winner.entry.key }
    set { winner.entry.key = newValue }
  }
  /// How the winner relates to what it shadows.
  public var status: Status
  /// The definition that wins: the highest layer's.
  public var winner: Definition
  /// The definitions it shadows, from the highest to the lowest layer.
  public var shadowed: [Definition]

  /// Creates a provenance record.
  public init(key: String, status: Status, winner: Definition, shadowed: [Definition]) {
    self.status = status
    self.winner = winner
    self.shadowed = shadowed
    self.key = key
  }

  /// Creates the record of a key read from a file: the winner's entry holds the key.
  init(status: Status, winner: Definition, shadowed: [Definition]) {
    self.status = status
    self.winner = winner
    self.shadowed = shadowed
  }

  public static func == (lhs: KeyProvenance, rhs: KeyProvenance) -> Bool {
    lhs.key == rhs.key && lhs.status == rhs.status && lhs.winner == rhs.winner && lhs.shadowed == rhs.shadowed
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(status)
    hasher.combine(winner)
  }
}
