/// `contents.json` of an `.xcloc` bundle: which project, which languages, which tool.
///
/// Xcode writes it as pretty-printed JSON with sorted keys and `" : "` between key and value:
///
///     {
///       "developmentRegion" : "en",
///       "project" : "App.xcodeproj",
///       "targetLocale" : "de",
///       "toolInfo" : {
///         "toolBuildNumber" : "15C500b",
///         "toolID" : "com.apple.dt.xcode",
///         "toolName" : "Xcode",
///         "toolVersion" : "15.2"
///       },
///       "version" : "1.0"
///     }
///
/// (Established from the manifests that localization tools of public apps reproduce for Xcode to
/// import, copied from Xcode 12.5, 13.0 and 13.2 exports; whether Xcode ends the file with a line
/// feed is not: none is written.)
public struct XclocManifest: Hashable, Sendable {
  /// `developmentRegion`: the project's development language.
  public var developmentRegion: String
  /// `project`: the project's file name (`App.xcodeproj`).
  public var project: String
  /// `targetLocale`: the language of the bundle's translations.
  public var targetLocale: String
  /// `toolInfo`, if any.
  public var tool: XLIFFTool?
  /// `version`: `1.0`.
  public var version: String

  /// Creates a manifest.
  /// - Parameters:
  ///   - developmentRegion: The development language.
  ///   - project: The project's file name.
  ///   - targetLocale: The bundle's language.
  ///   - tool: The tool that wrote the bundle.
  ///   - version: The manifest's version.
  public init(
    developmentRegion: String, project: String, targetLocale: String, tool: XLIFFTool?, version: String = "1.0"
  ) {
    self.developmentRegion = developmentRegion
    self.project = project
    self.targetLocale = targetLocale
    self.tool = tool
    self.version = version
  }

  /// The file's bytes, in Xcode's layout.
  public func rendered() -> [UInt8] {
    var output: [UInt8] = []
    func member(_ key: String, _ value: String, indent: Int, last: Bool = false) {
      output.append(contentsOf: repeatElement(0x20, count: indent))
      JSONValue.writeString(key, to: &output)
      output.append(contentsOf: " : ".utf8)
      JSONValue.writeString(value, to: &output)
      output.append(contentsOf: (last ? "\n" : ",\n").utf8)
    }
    output.append(contentsOf: "{\n".utf8)
    member("developmentRegion", developmentRegion, indent: 2)
    member("project", project, indent: 2)
    member("targetLocale", targetLocale, indent: 2)
    if let tool {
      output.append(contentsOf: "  \"toolInfo\" : {\n".utf8)
      let fields = [
        ("toolBuildNumber", tool.buildNumber), ("toolID", tool.id), ("toolName", tool.name),
        ("toolVersion", tool.version),
      ].compactMap { key, value in value.map { (key, $0) } }
      for (index, (key, value)) in fields.enumerated() {
        member(key, value, indent: 4, last: index == fields.count - 1)
      }
      output.append(contentsOf: "  },\n".utf8)
    }
    member("version", version, indent: 2, last: true)
    output.append(UInt8(ascii: "}"))
    return output
  }

  /// Reads a `contents.json`.
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - path: Its path, for errors.
  /// - Returns: The manifest; a missing string field reads as empty.
  /// - Throws: ``XLIFFError`` when the file is not a JSON object.
  public static func read(_ bytes: [UInt8], path: String) throws(XLIFFError) -> XclocManifest {
    let root: JSONNode
    do {
      root = try JSONReader.parse(bytes)
    } catch {
      throw XLIFFError(.structure, path: path, position: error.position, message: error.message)
    }
    guard root.members != nil else {
      throw XLIFFError(
        .structure, path: path, position: root.position,
        message: "an .xcloc's contents.json holds an object, not \(root.kindDescription)")
    }
    let info = root["toolInfo"]
    return XclocManifest(
      developmentRegion: root["developmentRegion"]?.string ?? "", project: root["project"]?.string ?? "",
      targetLocale: root["targetLocale"]?.string ?? "",
      tool: info.map {
        XLIFFTool(
          id: $0["toolID"]?.string ?? "", name: $0["toolName"]?.string ?? "", version: $0["toolVersion"]?.string,
          buildNumber: $0["toolBuildNumber"]?.string)
      },
      version: root["version"]?.string ?? "")
  }
}
