/// A layer whose tables have been found and read.
public struct LoadedLayer: Sendable {
  /// The layer.
  public var layer: Layer
  /// Its tables, parsed, by address.
  public var files: [TableAddress: ParsedFile]
  /// What finding the tables skipped, and a layer without tables, as warnings (see
  /// ``LayerScanner/scan(_:skippingLinksInto:)``).
  public var diagnostics: [Diagnostic]

  /// Finds and reads every table of a layer. Files are read in parallel; the result does not
  /// depend on the order in which they finish.
  /// - Parameter layer: The layer to load.
  public init(_ layer: Layer) {
    self.init(layer, skippingLinksInto: nil)
  }

  /// Finds and reads every table of a layer, without following links into a merge's destination.
  /// - Parameters:
  ///   - layer: The layer to load.
  ///   - destination: The folder the merge writes, or `nil`.
  public init(_ layer: Layer, skippingLinksInto destination: String?) {
    self.layer = layer
    let scan = LayerScanner.scan(layer, skippingLinksInto: destination)
    let found = scan.tables.sorted { $0.key < $1.key }
    let parsed = found.map { (address: $0.key, path: $0.value) }.concurrentMap { file in
      (file.address, LocalizationFileReader.read(path: file.path, kind: file.address.kind))
    }
    files = Dictionary(parsed, uniquingKeysWith: { first, _ in first })
    diagnostics = scan.diagnostics
  }
}
