/// The `<tool>` element of a file's `<header>`: which program wrote the file.
///
/// Xcode writes `<tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.2"
/// build-num="15C500b"/>`; `.xcloc` bundles repeat it in `contents.json` (`toolInfo`).
public struct XLIFFTool: Hashable, Sendable {
  /// `tool-id` (`com.apple.dt.xcode`).
  public var id: String
  /// `tool-name` (`Xcode`).
  public var name: String
  /// `tool-version` (`15.2`), if given.
  public var version: String?
  /// `build-num` (`15C500b`), if given.
  public var buildNumber: String?

  /// Creates a tool description.
  /// - Parameters:
  ///   - id: The `tool-id`.
  ///   - name: The `tool-name`.
  ///   - version: The `tool-version`, if any.
  ///   - buildNumber: The `build-num`, if any.
  public init(id: String, name: String, version: String? = nil, buildNumber: String? = nil) {
    self.id = id
    self.name = name
    self.version = version
    self.buildNumber = buildNumber
  }
}
