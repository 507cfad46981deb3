import Foundation
import TestSupport

extension PBXOracle {
  /// Every `project.pbxproj`-like file of `../shared/xcodeproj`, sorted.
  static var sharedProjectFiles: [URL] {
    SharedFolder.files(under: "xcodeproj", extensions: ["pbxproj"])
  }
}
