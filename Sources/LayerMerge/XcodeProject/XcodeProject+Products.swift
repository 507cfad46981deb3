extension XcodeProject.Target {
  /// The product types whose targets ship their own resources to users: apps (iOS, macOS, watchOS,
  /// App Clips, iMessage apps), app and ExtensionKit extensions, plugin bundles, XPC services,
  /// system and driver extensions, by prefix of `productType`.
  static let productTypePrefixes = [
    "com.apple.product-type.application", "com.apple.product-type.app-extension",
    "com.apple.product-type.extensionkit-extension", "com.apple.product-type.xpc-service",
    "com.apple.product-type.watchkit-extension", "com.apple.product-type.watchkit2-extension",
    "com.apple.product-type.tv-app-extension", "com.apple.product-type.system-extension",
    "com.apple.product-type.driver-extension",
  ]

  /// Whether the target is a product that ships its own localized resources to users: an app, an
  /// extension, a plugin bundle (`com.apple.product-type.bundle`), an XPC service; not a test
  /// bundle, framework, library or tool, and not an aggregate or legacy target. Per-target copies
  /// of tables are migrated among these (`locmerge init --xcodeproj`).
  public var isProduct: Bool {
    guard kind == .native, let productType else { return false }
    return productType == "com.apple.product-type.bundle"
      || Self.productTypePrefixes.contains { productType == $0 || productType.hasPrefix($0 + ".") }
  }
}
