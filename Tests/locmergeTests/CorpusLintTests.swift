import Foundation
import TestSupport
import Testing

/// Lint of real apps with the default rules gives one warning per cause (docs/diagnostics.md,
/// "On real projects", has the before and after of every app).
@Suite struct CorpusLintTests {
  static func lint(_ app: String) throws -> [Substring] {
    let corpus = try #require(SharedFolder.url).appendingPathComponent("corpus")
    let outcome = try ToolRunner.run(["lint", "-b", app], in: corpus)
    return outcome.standardError.split(separator: "\n").filter {
      $0.contains(": warning: ") || $0.contains(": error: ")
    }
  }

  /// brave's InfoPlist keys no translator saw were 17 warnings, one per language; home-assistant's
  /// two new keys were 33.
  @Test(SharedFolder.required) func keysNoTranslatorSawAreOneWarning() throws {
    let brave = try Self.lint("brave__brave-ios")
    let missing = brave.filter { $0.hasSuffix("[missing-translation]") }
    #expect(missing.count == 1)
    #expect(missing.first?.contains("are missing in 17 languages: de, es, fr,") == true, "\(missing)")
    #expect(brave.count == 3)
    let homeAssistant = try Self.lint("home-assistant__iOS")
    #expect(homeAssistant.filter { $0.hasSuffix("[missing-translation]") }.count == 1)
    #expect(homeAssistant.filter { $0.hasSuffix("[lowercase-u-escape]") }.count == 62)
  }
}
