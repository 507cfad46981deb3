/// One value to set in a table file: what ``TableEditor`` changes, and all it changes.
///
///     TableEdit(place: .strings(key: "login.title"), value: "Anmelden", comment: "Title of the login screen")
///     TableEdit(place: .stringsdict(key: "%d files", path: ["files", "one"]), value: "%d Datei",
///               variable: .init(formatSpecType: "NSStringPluralRuleType", formatValueType: "d"))
///     TableEdit(place: .catalog(key: "%lld items", language: "de", variation: ["plural", "one"]), value: "%lld Artikel")
public struct TableEdit: Hashable, Sendable {
  /// Where the value goes.
  public enum Place: Hashable, Sendable {
    /// The value of a key of a `.strings` file (or a plain-string entry of a `.stringsdict`).
    case strings(key: String)
    /// A string inside a `.stringsdict` entry: `["NSStringLocalizedFormatKey"]`, or a variable's
    /// form `["files", "one"]` (or `["NSStringDeviceSpecificRuleType", "iphone"]`).
    case stringsdict(key: String, path: [String])
    /// A String Catalog unit of one language: `variation` `[]` is the localization's own string
    /// unit; `["plural", "one"]`, `["device", "iphone"]`, `["device", "iphone", "plural", "one"]`
    /// and `["substitutions", "count", "plural", "one"]` name variations and substitutions, as
    /// Xcode's XLIFF ids do after `|==|`.
    case catalog(key: String, language: String, variation: [String])

    /// The localization key.
    public var key: String {
      switch self {
      case .strings(let key), .stringsdict(let key, _), .catalog(let key, _, _): return key
      }
    }
  }

  /// What a variable that does not exist yet needs besides its forms, taken from the development
  /// language's entry (a translation's variable formats the same argument as the source's).
  public struct Variable: Hashable, Sendable {
    /// `.stringsdict`: the variable's `NSStringFormatSpecTypeKey` (`NSStringPluralRuleType`).
    public var formatSpecType: String?
    /// `.stringsdict`: `NSStringFormatValueTypeKey` (`d`, `lld`, `@`); a catalog substitution: its
    /// `formatSpecifier`.
    public var formatValueType: String?
    /// A catalog substitution's `argNum` (1-based), if it has one.
    public var argumentNumber: Int?

    /// Creates a variable description.
    /// - Parameters:
    ///   - formatSpecType: `NSStringFormatSpecTypeKey` (`.stringsdict` only).
    ///   - formatValueType: `NSStringFormatValueTypeKey`, or a substitution's `formatSpecifier`.
    ///   - argumentNumber: A substitution's `argNum`.
    public init(formatSpecType: String? = nil, formatValueType: String? = nil, argumentNumber: Int? = nil) {
      self.formatSpecType = formatSpecType
      self.formatValueType = formatValueType
      self.argumentNumber = argumentNumber
    }

    /// The variable `name` of a `.stringsdict` entry's value, as the development language has it.
    /// - Parameters:
    ///   - name: The variable (`files` in `%#@files@`).
    ///   - entry: The entry's value in the development language.
    /// - Returns: Its `NSStringFormatSpecTypeKey` and `NSStringFormatValueTypeKey`; `nil` if the
    ///   entry has no such variable.
    public static func stringsdict(_ name: String, in entry: LocalizationValue) -> Variable? {
      guard case .dictionary(let fields) = entry, case .dictionary(let variable)? = fields[name] else { return nil }
      return Variable(
        formatSpecType: variable["NSStringFormatSpecTypeKey"]?.stringValue,
        formatValueType: variable["NSStringFormatValueTypeKey"]?.stringValue)
    }

    /// The substitution `name` of a catalog localization, as the development language has it.
    /// - Parameters:
    ///   - name: The substitution (`count` in `%#@count@`).
    ///   - variant: The development language's localization (or the variation holding it).
    /// - Returns: Its `formatSpecifier` and `argNum`; `nil` if the variant has no such substitution.
    public static func catalogSubstitution(_ name: String, in variant: CatalogVariant) -> Variable? {
      guard let substitution = variant.substitutions?.last(where: { $0.name.utf8.elementsEqual(name.utf8) }) else {
        return nil
      }
      return Variable(formatValueType: substitution.formatSpecifier, argumentNumber: substitution.argNum)
    }
  }

  /// Where the value goes.
  public var place: Place
  /// The new value.
  public var value: String
  /// The comment (translator note) written with a new entry; an existing entry's comment stays.
  public var comment: String?
  /// A catalog string unit's `state` (`translated`, `needs_review`); `nil` keeps an existing
  /// unit's state and gives a new one `translated`. Other formats have no state.
  public var state: String?
  /// What a `.stringsdict` variable or catalog substitution on the path needs if it does not exist
  /// yet; an existing one stays as it is.
  public var variable: Variable?

  /// Creates an edit.
  /// - Parameters:
  ///   - place: Where the value goes.
  ///   - value: The new value.
  ///   - comment: The comment for a new entry.
  ///   - state: A catalog unit's state.
  ///   - variable: What a missing variable or substitution on the path needs.
  public init(
    place: Place, value: String, comment: String? = nil, state: String? = nil, variable: Variable? = nil
  ) {
    self.place = place
    self.value = value
    self.comment = comment
    self.state = state
    self.variable = variable
  }
}
