import TestSupport
import Testing

extension SharedFolder {
  /// Skips a test, with a visible reason, when `../shared` is absent.
  static var required: ConditionTrait {
    .enabled(if: isAvailable, Comment(rawValue: skipMessage))
  }
}
