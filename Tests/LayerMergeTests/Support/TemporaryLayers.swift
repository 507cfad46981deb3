import Foundation
import LayerMerge

/// Writes small layer trees to a fresh temporary folder, so each test states its own fixture.
final class TemporaryLayers {
  let root: URL

  /// - Parameter files: layer name → (relative path → file text, UTF-8).
  init(_ files: [String: [String: String]]) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("locmerge-tests-\(UUID().uuidString)")
    for (layer, tree) in files {
      for (relative, text) in tree {
        try write(Data(text.utf8), to: "\(layer)/\(relative)")
      }
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// Writes raw bytes at a path relative to the root.
  func write(_ data: Data, to relative: String) throws {
    let url = root.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  /// The path of something under the root.
  func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  /// Layers for names under the root, lowest first.
  func layers(_ names: String...) -> [Layer] { names.map { Layer(path: path($0)) } }

  /// A diagnostic rendered with paths relative to the root, for exact comparisons.
  func render(_ diagnostic: Diagnostic) -> String {
    diagnostic.description.replacingOccurrences(of: root.path + "/", with: "")
  }

  /// All diagnostics of a result, rendered relative to the root, notes indented below.
  func render(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.flatMap { diagnostic in
      [render(diagnostic)]
        + diagnostic.notes.map {
          "  note: \($0.location.map { "\($0): " }?.replacingOccurrences(of: root.path + "/", with: "") ?? "")\($0.message)"
        }
    }
  }
}

extension MergeResult {
  /// The merged table at a relative path.
  func table(_ relativePath: String) -> MergedTable? {
    tables.first { $0.address.relativePath == relativePath }
  }
}
