import Foundation
import Testing

@testable import LayerMerge

/// Targets over one base's tables match their interpolated lookups once for all of them; a target
/// whose layers add keys to a table matches that table on its own. Each target's findings are what
/// a run that checks that target alone finds, whatever target is checked first.
@Suite struct SharedInterpolationMatchTests {
  static let tables = [
    "Base": [
      "en.lproj/Localizable.strings": "\"Hello %@\" = \"Hello %@\";\n\"title\" = \"Title\";\n",
      "de.lproj/Localizable.strings": "\"Hello %@\" = \"Hallo %@\";\n\"title\" = \"Titel\";\n",
    ],
    // Adds a key an interpolation matches, in English only.
    "Acme": ["en.lproj/Localizable.strings": "\"Bye %@\" = \"Bye %@\";\n"],
    // Changes a value only: its targets' keys are the base's.
    "Plain": ["en.lproj/Localizable.strings": "\"Hello %@\" = \"Hi %@\";\n"],
    // Ships one more language, in another table: its target's Localizable lacks French.
    "French": ["fr.lproj/Other.strings": "\"other\" = \"autre\";\n"],
  ]

  static let code = """
    import SwiftUI

    struct Greeting: View {
      var name: String
      var body: some View {
        Text("title")
        Text("Hello \\(name)")
        Text("Bye \\(name)")
      }
    }

    """

  @Test func eachTargetFindsWhatItFindsAlone() throws {
    let layers = try TemporaryLayers(Self.tables)
    try layers.write(Data(Self.code.utf8), to: "App/Code.swift")
    let path = layers.path("App/Code.swift")
    let (base, acme, plain) = (layers.layers("Base")[0], layers.layers("Acme")[0], layers.layers("Plain")[0])
    let french = layers.layers("French")[0]
    let stacks = [
      ("Lite", [base]), ("Pro", [base, acme]), ("Plain", [base, plain]), ("Lite2", [base]), ("French", [base, french]),
    ]
    let options = MergeOptions(developmentLanguage: "en")
    func findings(of stack: [Layer], named target: String, _ scanned: ScannedSources, _ shared: SharedLayers)
      -> [String]
    {
      let merge = shared.merge([stack], options: options) { $1 }[0]
      return layers.render(TargetUsage(target: target, places: [0], scanned: scanned, merge: merge).diagnostics)
    }
    // Each target alone: a scan and shared layers of its own.
    let alone = stacks.map { name, stack in
      findings(of: stack, named: name, ScannedSources(distinct: [path], scanner: SourceScanner()), SharedLayers(stack))
    }
    #expect(alone[0].count == 1 && alone[0][0].contains("\"Bye \\\\(…)\" is in no language of Localizable"))
    #expect(alone[1].count == 1 && alone[1][0].contains("\"Bye %@\" of Localizable is looked up but not translated"))
    #expect(alone[2] == alone[0] && alone[3] == alone[0])
    #expect(alone[4].count == 3 && alone[4].filter { $0.contains("not translated into fr") }.count == 2)
    // One run of every target, in each order: the first target to ask makes what the others reuse.
    for order in [[0, 1, 2, 3, 4], [1, 4, 0, 3, 2], [4, 2, 3, 1, 0]] {
      let scanned = ScannedSources(distinct: [path], scanner: SourceScanner(), keepingLookups: false)
      let shared = SharedLayers(stacks.flatMap(\.1))
      for index in order {
        #expect(findings(of: stacks[index].1, named: stacks[index].0, scanned, shared) == alone[index], "\(order)")
      }
      // Lite, Plain and Lite2 share one set of matches, French has its own; Pro adds a key, so
      // matches on its own.
      #expect(scanned.sharedMatches.count == 2)
    }
  }
}
