import Foundation

/// Compiled into Shelf and ShelfPro through their Compile Sources phases.
enum Greeting {
  static let hello = NSLocalizedString("greeting.hello", comment: "The first line")
  // NSLocalizedString("greeting.commented", comment: "in a comment: not a lookup")
  static let plain = "greeting.plain"
}
