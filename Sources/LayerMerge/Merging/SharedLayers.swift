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
  /// What a layer read later leaves out, and the folders (resolved) it does not read through
  /// links into.
  private let options: MergeOptions
  private let resolvedDestinations: [String]

  /// Finds and reads every distinct layer folder, folders in parallel.
  /// - Parameters:
  ///   - layers: Layers of any number of stacks; a folder given several times is read once.
  ///   - options: The tables they exclude are not read.
  ///   - destinations: The folders the stacks are merged into: links from a layer into any of
  ///     them are not followed, so outputs are never read back as inputs.
  public init(_ layers: [Layer], options: MergeOptions = MergeOptions(), destinations: [String] = []) {
    self.init(layers, options: options, destinations: destinations, onlyShared: false)
  }

  /// Reads only the layers that several of `stacks` use; a layer of one stack is read when that
  /// stack is merged and freed with its merge, so that memory does not grow with the number of
  /// stacks (`locmerge build` of hundreds of targets).
  /// - Parameters:
  ///   - stacks: The stacks, lowest layer first in each.
  ///   - options: The tables they exclude are not read.
  ///   - destinations: The folders the stacks are merged into.
  init(sharedBy stacks: [[Layer]], options: MergeOptions, destinations: [String]) {
    self.init(stacks.flatMap { $0 }, options: options, destinations: destinations, onlyShared: true)
  }

  private init(_ layers: [Layer], options: MergeOptions, destinations: [String], onlyShared: Bool) {
    self.options = options
    resolvedDestinations = LoadedLayer.resolvedDestinations(options: options, destinations)
    var uses: [String: Int] = [:]
    for layer in layers { uses[layer.path, default: 0] += 1 }
    var seen: Set<String> = []
    let distinct = layers.filter { layer in
      seen.insert(layer.path).inserted && (!onlyShared || (uses[layer.path] ?? 0) > 1)
    }
    loadedByPath = [:]
    for loaded in LoadedLayer.load(distinct, options: options, skippingLinksIntoResolved: resolvedDestinations) {
      loadedByPath[loaded.layer.path] = loaded
    }
    // Only the files of layers more than one stack uses are worth rendering ahead.
    renderings = SharedRenderings(
      loadedByPath.values.filter { (uses[$0.layer.path] ?? 0) > 1 }.flatMap { Array($0.files.values) })
  }

  /// A stack of loaded layers, each named as `layers` names it.
  /// - Parameter layers: The stack, lowest first.
  /// - Returns: The loaded layers, in the same order (folders not loaded yet are read now, with
  ///   the options these layers were read with, and not kept).
  public func stack(_ layers: [Layer]) -> [LoadedLayer] {
    let missing = layers.filter { loadedByPath[$0.path] == nil }
    var read: [String: LoadedLayer] = [:]
    if !missing.isEmpty {
      for loaded in LoadedLayer.load(missing, options: options, skippingLinksIntoResolved: resolvedDestinations) {
        read[loaded.layer.path] = loaded
      }
    }
    return layers.map { layer in
      guard var loaded = loadedByPath[layer.path] ?? read[layer.path] else { return LoadedLayer(layer) }
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
    merge(stacks, first: nil, options: options, body)
  }

  /// The same, when the first stack may be merged already: `body` gets that merge as it is, beside
  /// the others' merges, so that its work shares the cores with theirs.
  /// - Parameters:
  ///   - stacks: The stacks, lowest layer first in each.
  ///   - first: The first stack's merge, when made already: that stack is not merged again.
  ///   - options: What the merges leave out and check.
  ///   - body: Called once per stack with its index and its merge; may run on any thread.
  /// - Returns: What `body` returned, in the order of `stacks`.
  package func merge<T: Sendable>(
    _ stacks: [[Layer]], first: MergeResult?, options: MergeOptions = MergeOptions(),
    _ body: @Sendable (Int, MergeResult) -> T
  ) -> [T] {
    Array(stacks.indices).concurrentMap { index in
      body(index, (index == 0 ? first : nil) ?? merge(stacks[index], options: options))
    }
  }

  /// Merges one stack of these layers, reusing what other merges of them worked out.
  func merge(_ layers: [Layer], options: MergeOptions) -> MergeResult {
    LayerMerger.merge(loaded: stack(layers), options: options, shared: self)
  }
}
