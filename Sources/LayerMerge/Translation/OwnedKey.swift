/// A key of one layer's development-language table or String Catalog: what a translator
/// translates once, whichever targets show it.
///
/// The owner of a key, for a target, is the layer whose development-language value the target
/// shows; its translations belong beside that value, in the same layer. A key a brand overrides
/// in the development language is the brand's, a key only the base has is the base's: the same
/// key of the base shown by three targets is one ``OwnedKey``.
public struct OwnedKey: Hashable, Sendable, Comparable {
  /// The owning layer's folder, as the project names it.
  public var layer: String
  /// The table's path inside the layer: `en.lproj/Localizable.strings` (the development
  /// language's), or a catalog's `Localizable.xcstrings`.
  public var table: String
  /// The key.
  public var key: String

  /// Creates a key.
  /// - Parameters:
  ///   - layer: The owning layer's folder.
  ///   - table: The table's path inside the layer.
  ///   - key: The key.
  public init(layer: String, table: String, key: String) {
    self.layer = layer
    self.table = table
    self.key = key
  }

  /// The table's path: the layer's folder and the table's path inside it.
  public var tablePath: String { PathText.join(layer, table) }

  /// The table's kind, from its extension.
  public var kind: LocalizationFileKind? { LocalizationFileKind(path: table) }

  /// By layer, table and key, each by its bytes.
  public static func < (lhs: OwnedKey, rhs: OwnedKey) -> Bool {
    if lhs.layer != rhs.layer { return lhs.layer.utf8.lexicographicallyPrecedes(rhs.layer.utf8) }
    if lhs.table != rhs.table { return lhs.table.utf8.lexicographicallyPrecedes(rhs.table.utf8) }
    return lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
  }
}
