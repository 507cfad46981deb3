/// The layers of several stacks that share folders — every target of a project over one base —
/// each found and read once, however many stacks use it.
///
/// ```swift
/// let stacks = [[base, acme, acmePro], [base, acme, acmeLite], [base, globex, globexGo]]
/// let shared = SharedLayers(stacks.flatMap { $0 }, options: options)  // base and acme read once
/// let results = shared.merge(stacks, options: options) { index, result in result.diagnostics }
/// ```
public struct SharedLayers: Sendable {
  /// Every layer loaded, by folder path.
  public private(set) var loadedByPath: [String: LoadedLayer]
  /// What the checks work out from these layers alone, for every merge of them.
  let checkWork = SharedCheckWork()
  /// The `.strings` files of layers several stacks use, rendered once for all of them.
  let renderings: SharedRenderings

  /// Finds and reads every distinct layer folder, folders in parallel.
  /// - Parameters:
  ///   - layers: Layers of any number of stacks; a folder given several times is read once.
  ///   - options: The tables they exclude are not read.
  ///   - destinations: The folders the stacks are merged into: links from a layer into any of
  ///     them are not followed, so outputs are never read back as inputs.
  public init(_ layers: [Layer], options: MergeOptions = MergeOptions(), destinations: [String] = []) {
    var uses: [String: Int] = [:]
    let distinct = layers.filter { layer in
      uses[layer.path, default: 0] += 1
      return uses[layer.path] == 1
    }
    loadedByPath = [:]
    for loaded in LoadedLayer.load(distinct, options: options, skippingLinksInto: destinations) {
      loadedByPath[loaded.layer.path] = loaded
    }
    // Only the files of layers more than one stack uses are worth rendering ahead.
    renderings = SharedRenderings(
      loadedByPath.values.filter { (uses[$0.layer.path] ?? 0) > 1 }.flatMap { Array($0.files.values) })
  }

  /// A stack of loaded layers, each named as `layers` names it.
  /// - Parameter layers: The stack, lowest first; every folder must have been loaded.
  /// - Returns: The loaded layers, in the same order (a folder not loaded is read now).
  public func stack(_ layers: [Layer]) -> [LoadedLayer] {
    layers.map { layer in
      guard var loaded = loadedByPath[layer.path] else { return LoadedLayer(layer) }
      loaded.layer = layer
      return loaded
    }
  }

  /// Merges every stack, several at once, and hands each result to `body` on the thread that
  /// made it, so that a caller with many stacks keeps only what it needs of each merge.
  /// - Parameters:
  ///   - stacks: The stacks, lowest layer first in each.
  ///   - options: What the merges leave out and check.
  ///   - body: Called once per stack with its index and its merge; may run on any thread.
  /// - Returns: What `body` returned, in the order of `stacks`.
  public func merge<T: Sendable>(
    _ stacks: [[Layer]], options: MergeOptions = MergeOptions(), _ body: @Sendable (Int, MergeResult) -> T
  ) -> [T] {
    Array(stacks.indices).concurrentMap { index in
      body(index, merge(stacks[index], options: options))
    }
  }

  /// Merges one stack of these layers, reusing what other merges of them worked out.
  func merge(_ layers: [Layer], options: MergeOptions) -> MergeResult {
    LayerMerger.merge(loaded: stack(layers), options: options, shared: self)
  }
}
