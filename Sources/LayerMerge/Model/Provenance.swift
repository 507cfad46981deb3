/// Where one definition of a key stands: which layer, file, line and column.
public struct Definition: Hashable, Sendable {
  /// The index of the layer in the stack, 0 for the base.
  public var layerIndex: Int
  /// The layer's name.
  public var layer: String
  /// The file's path.
  public var file: String
  /// The key's position in the file, if the format has positions.
  public var position: TextPosition?
  /// The value defined there.
  public var value: LocalizationValue

  /// Creates a definition.
  public init(layerIndex: Int, layer: String, file: String, position: TextPosition?, value: LocalizationValue) {
    self.layerIndex = layerIndex
    self.layer = layer
    self.file = file
    self.position = position
    self.value = value
  }

  /// The definition's location, for diagnostics.
  public var location: SourceLocation { SourceLocation(path: file, position: position) }
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

  /// The key.
  public var key: String
  /// How the winner relates to what it shadows.
  public var status: Status
  /// The definition that wins: the highest layer's.
  public var winner: Definition
  /// The definitions it shadows, from the highest to the lowest layer.
  public var shadowed: [Definition]

  /// Creates a provenance record.
  public init(key: String, status: Status, winner: Definition, shadowed: [Definition]) {
    self.key = key
    self.status = status
    self.winner = winner
    self.shadowed = shadowed
  }
}
