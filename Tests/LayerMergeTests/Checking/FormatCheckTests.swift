import LayerMerge
import Testing

/// Every language's value must fit the format arguments of the development language's value,
/// within each layer and in the merged result; an error where it can crash, a warning where it
/// prints wrong text.
@Suite struct FormatCheckTests {
  @Test func eachLanguageOfALayerMustFitTheDevelopmentLanguage() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": """
        "count" = "%@ items";
        "new" = "%d new";
        "pair" = "%1$@ and %2$@";
        "plain" = "Safe";
        "extra" = "%@";
        "number" = "%d";
        "size" = "%ld bytes";

        """,
        "de.lproj/Localizable.strings": """
        "count" = "%d Elemente";
        "new" = "%@ neu";
        "pair" = "%2$@ und %1$@";
        "plain" = "100 % sicher";
        "extra" = "%@ %@";
        "number" = "%d %d";
        "size" = "%d Bytes";

        """,
      ]
    ])
    let result = LayerMerger.merge(fixture.layers("Base"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/de.lproj/Localizable.strings:1:1: warning: the de value of \"count\" does not fit the format arguments "
          + "of its en value: argument 1 is signed integer (32-bit) here but object (%@) in en; this prints wrong "
          + "text at run time",
        "  note: Base/en.lproj/Localizable.strings:1:1: the en value is here",
        "Base/de.lproj/Localizable.strings:2:1: error: the de value of \"new\" does not fit the format arguments of "
          + "its en value: argument 1 is object (%@) here but signed integer (32-bit) in en; this can crash at run "
          + "time",
        "  note: Base/en.lproj/Localizable.strings:2:1: the en value is here",
        "Base/de.lproj/Localizable.strings:5:1: error: the de value of \"extra\" does not fit the format arguments "
          + "of its en value: it uses argument 2, which en does not take; this can crash at run time",
        "  note: Base/en.lproj/Localizable.strings:5:1: the en value is here",
        "Base/de.lproj/Localizable.strings:6:1: warning: the de value of \"number\" does not fit the format "
          + "arguments of its en value: it uses argument 2, which en does not take; this prints wrong text at run "
          + "time",
        "  note: Base/en.lproj/Localizable.strings:6:1: the en value is here",
        "Base/de.lproj/Localizable.strings:7:1: warning: the de value of \"size\" does not fit the format arguments "
          + "of its en value: argument 1 is signed integer (32-bit) here but signed integer (64-bit) in en; this "
          + "prints wrong text at run time",
        "  note: Base/en.lproj/Localizable.strings:7:1: the en value is here",
      ])
  }

  @Test func theMergedResultIsCheckedAcrossLayers() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"fresh\" = \"%@ new\";\n\"n\" = \"%d\";\n\"ok\" = \"%@\";\n",
        "de.lproj/Localizable.strings": "\"ok\" = \"%@\";\n",
      ],
      "Target": ["de.lproj/Localizable.strings": "\"fresh\" = \"%d neu\";\n\"n\" = \"%@\";\n\"ok\" = \"%1$@\";\n"],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Target"))
    #expect(
      fixture.render(result.diagnostics.filter { $0.code != .missingTranslation }) == [
        "Target/de.lproj/Localizable.strings:1:1: warning: in the merged result, the de value of \"fresh\" from "
          + "layer 'Target' does not fit the format arguments of the en value from layer 'Base': argument 1 is signed "
          + "integer (32-bit) here but object (%@) in en; this prints wrong text at run time",
        "  note: Base/en.lproj/Localizable.strings:1:1: the en value is here",
        "Target/de.lproj/Localizable.strings:2:1: error: in the merged result, the de value of \"n\" from layer "
          + "'Target' does not fit the format arguments of the en value from layer 'Base': argument 1 is object (%@) "
          + "here but signed integer (32-bit) in en; this can crash at run time",
        "  note: Base/en.lproj/Localizable.strings:2:1: the en value is here",
      ])
  }

  /// The base's translation of a key only an overlay gives a development-language value must fit
  /// that value: the translation is the base's, the arguments are the overlay's.
  @Test func aBaseTranslationMustFitTheDevelopmentValueAnOverlayAdds() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": "\"kept\" = \"%@\";\n",
        "de.lproj/Localizable.strings": "\"kept\" = \"%@\";\n\"later\" = \"%@ später\";\n",
      ],
      "Target": ["en.lproj/Localizable.strings": "\"later\" = \"%d later\";\n"],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Target"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/de.lproj/Localizable.strings:2:1: error: in the merged result, the de value of \"later\" from layer "
          + "'Base' does not fit the format arguments of the en value from layer 'Target': argument 1 is object (%@) "
          + "here but signed integer (32-bit) in en; this can crash at run time",
        "  note: Target/en.lproj/Localizable.strings:1:1: the en value is here",
      ])
  }

  /// A `.stringsdict` rule of a higher layer replaces the `.strings` value at run time, so it must
  /// take the same arguments.
  @Test func aStringsdictRuleOverAStringsValueMustFitItsArguments() throws {
    let rule = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      	<key>photos</key>
      	<dict>
      		<key>NSStringLocalizedFormatKey</key>
      		<string>%#@p@ in %@</string>
      		<key>p</key>
      		<dict>
      			<key>NSStringFormatSpecTypeKey</key>
      			<string>NSStringPluralRuleType</string>
      			<key>NSStringFormatValueTypeKey</key>
      			<string>d</string>
      			<key>one</key>
      			<string>%d photo</string>
      			<key>other</key>
      			<string>%d photos</string>
      		</dict>
      	</dict>
      </dict>
      </plist>

      """
    let fixture = try TemporaryLayers([
      "Base": ["en.lproj/Localizable.strings": "\"photos\" = \"%d photos\";\n"],
      "Target": ["en.lproj/Localizable.stringsdict": rule],
    ])
    let result = LayerMerger.merge(fixture.layers("Base", "Target"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/en.lproj/Localizable.strings:1:1: warning: \"photos\" is defined in .strings by layer 'Base' and in "
          + ".stringsdict by layer 'Target'; the .stringsdict entry wins at run time",
        "  note: Target/en.lproj/Localizable.stringsdict:4:2: the .stringsdict entry is here",
        "Target/en.lproj/Localizable.stringsdict:4:2: error: the .stringsdict rule of \"photos\" in layer 'Target' "
          + "does not fit the format arguments of the .strings value it replaces at run time, from layer 'Base': in "
          + "NSStringLocalizedFormatKey, it uses argument 2, which the value it replaces does not take; this can "
          + "crash at run time",
        "  note: Base/en.lproj/Localizable.strings:1:1: the .strings value is here",
      ])
  }

  /// Forms of a rule may use arguments the format key does not name (`%2$@` beside
  /// `%#@sites@`); a translation that does the same fits. `%# @sites @` (a typo found in the
  /// corpus) is a `%@` that takes the count: a crash.
  @Test func argumentsOfEveryFormOfTheDevelopmentRuleAreTheReference() throws {
    func plist(key: String, one: String, other: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      	<key>invalid.description</key>
      	<dict>
      		<key>NSStringLocalizedFormatKey</key>
      		<string>\(key)</string>
      		<key>sites</key>
      		<dict>
      			<key>NSStringFormatSpecTypeKey</key>
      			<string>NSStringPluralRuleType</string>
      			<key>NSStringFormatValueTypeKey</key>
      			<string>d</string>
      			<key>one</key>
      			<string>\(one)</string>
      			<key>other</key>
      			<string>\(other)</string>
      		</dict>
      	</dict>
      </dict>
      </plist>

      """
    }
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.stringsdict": plist(
          key: "%#@sites@", one: "Your bookmark for %2$@ and 1 other site", other: "For %2$@ and %1$d other sites"),
        "de.lproj/Localizable.stringsdict": plist(
          key: "%#@sites@", one: "Dein Lesezeichen für %2$@", other: "Für %2$@ und %1$d andere Websites"),
        "cs.lproj/Localizable.stringsdict": plist(
          key: "%# @sites @", one: "Záložka pro %2$@", other: "Záložky pro %2$@ (celkem: %1$d)"),
      ]
    ])
    let result = LayerMerger.merge(fixture.layers("Base"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/cs.lproj/Localizable.stringsdict:4:2: error: the cs value of \"invalid.description\" does not fit the "
          + "format arguments of its en value: in NSStringLocalizedFormatKey, argument 1 is object (%@) here but "
          + "signed integer (32-bit) in en; this can crash at run time",
        "  note: Base/en.lproj/Localizable.stringsdict:4:2: the en value is here",
      ])
  }

  /// Found in the corpus: prose with a percent sign ("100% guaranteed" reads as `% g`) is not a
  /// format, nor is a value that is no valid format ("Numeric %"); a translation of a real format
  /// is still checked.
  /// A translation that takes arguments its development-language value (without any `%`) is not
  /// given is reported, as the catalog check reports it; "50%" and "100%-osan" are not.
  @Test func aTranslationMayNotInventArguments() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": """
        "import" = "Import Passwords…";
        "half" = "Half off";

        """,
        "nl.lproj/Localizable.strings": """
        "import" = "%1$d Open en ontgrendel **%2$s**";
        "half" = "50% korting, 100%-zeker";

        """,
      ]
    ])
    let result = LayerMerger.merge(fixture.layers("Base"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/nl.lproj/Localizable.strings:1:1: error: the nl value of \"import\" does not fit the format arguments "
          + "of its en value: it uses argument 2, which en does not take; this can crash at run time",
        "  note: Base/en.lproj/Localizable.strings:1:1: the en value is here",
      ])
  }

  @Test func proseWithAPercentSignIsNotAFormat() throws {
    let fixture = try TemporaryLayers([
      "Base": [
        "en.lproj/Localizable.strings": """
        "states" = "Displaying latest states is not 100% guaranteed, you can give it a try.";
        "ev" = "EV Charging · Numeric %";
        "sale" = "%d%% off";

        """,
        "hu.lproj/Localizable.strings": """
        "states" = "A legfrissebb állapotok megjelenítése nem garantált 100%-osan.";
        "ev" = "Recharge VE · % numérique";
        "sale" = "%d % de remise";

        """,
      ]
    ])
    let result = LayerMerger.merge(fixture.layers("Base"))
    #expect(
      fixture.render(result.diagnostics) == [
        "Base/hu.lproj/Localizable.strings:3:1: warning: the hu value of \"sale\" does not fit the format arguments "
          + "of its en value: it uses argument 2, which en does not take; this prints wrong text at run time",
        "  note: Base/en.lproj/Localizable.strings:3:1: the en value is here",
      ])
  }

  @Test func floatingPointStylesAreNamed() {
    let signature = FormatSignature(format: "%a")
    #expect(
      signature.incompatibility(replacing: FormatSignature(format: "%g"))
        == "argument 1 is double (%a) here but double (%g) in the value it replaces")
  }
}
