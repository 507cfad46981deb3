/// One call form that looks up a localized string: data, not code, so that the built-in forms
/// and the project's declared helpers are matched by the same few lines (``LookupMatcher``).
///
/// A class: the matcher hands a form to a check for every name that could be one, and a struct of
/// arrays and strings cost a retain per field each time (a tenth of the scan).
final class LookupForm: Sendable {
  /// What must come before the name for a call to be this form.
  enum Callee: Equatable, Sendable {
    /// A free function or an initializer: `Text(…)`, `NSLocalizedString(…)`. No receiver, or a
    /// module's name (`SwiftUI.Text(…)`).
    case free
    /// A modifier or method called on something, implicit or not: `.navigationTitle(…)`.
    case member
    /// A method whose receiver is the bundle read: `bundle.localizedString(forKey:…)`; without
    /// one (inside an extension of `Bundle`) the bundle is `self`.
    case bundleMethod
    /// A declared helper named without a qualifier: `name(…)` with or without a receiver.
    case anyReceiver
    /// A declared helper with a qualifier: `L10n.tr(…)`, also after more (`App.L10n.tr(…)`).
    case qualified([[UInt8]])
    /// A declared property on a string: `"key".localized`.
    case property
    /// Objective-C's `[bundle localizedStringForKey:… value:… table:…]`.
    case message
    /// Not a lookup: `import`, noted to know whether SwiftUI's forms apply.
    case importDeclaration
  }

  /// Where an argument is.
  enum Slot: Sendable {
    /// The argument at this 0-based position, which must have no label.
    case unlabeled(Int)
    /// The argument with this label.
    case label([UInt8])
    /// The argument at this 0-based position, labeled or not.
    case position(Int)
  }

  /// The identifier the form is spelled with.
  let name: [UInt8]
  /// The form as ``SourceLookup/form`` shows it.
  let display: String
  let callee: Callee
  let key: Slot
  let table: Slot?
  let bundle: Slot?
  /// Whether an interpolated literal is a format with holes (`String.LocalizationValue`,
  /// `LocalizedStringKey`) rather than a `String` built at run time (a dynamic key).
  let interpolationIsFormat: Bool
  /// Whether a key that is not a literal is a dynamic lookup; `false` where such a call shows the
  /// string as it is (`Text(title)` with a `String`).
  let countsNonLiteral: Bool
  /// Whether the form is SwiftUI's, counted only in files that import SwiftUI.
  let needsSwiftUI: Bool
  /// The table read without a table argument.
  let defaultTable: String?

  init(
    name: [UInt8], display: String, callee: Callee, key: Slot, table: Slot?, bundle: Slot?, interpolationIsFormat: Bool,
    countsNonLiteral: Bool, needsSwiftUI: Bool = false, defaultTable: String? = nil
  ) {
    self.name = name
    self.display = display
    self.callee = callee
    self.key = key
    self.table = table
    self.bundle = bundle
    self.interpolationIsFormat = interpolationIsFormat
    self.countsNonLiteral = countsNonLiteral
    self.needsSwiftUI = needsSwiftUI
    self.defaultTable = defaultTable
  }
}

extension LookupForm {
  /// The forms of a language, then the project's helpers (which come first when a name is both).
  static func forms(for language: SourceLanguage, helpers: [LookupHelper]) -> [LookupForm] {
    helpers.map(LookupForm.init(helper:)) + (language == .swift ? swiftForms : objectiveCForms)
  }

  convenience init(helper: LookupHelper) {
    func slot(_ argument: LookupHelper.Argument) -> Slot {
      switch argument {
      case .label(let label): return .label(Array(label.utf8))
      case .position(let position): return .position(position)
      }
    }
    switch helper.form {
    case .call(let name, let key, let table):
      let components = name.split(separator: ".", omittingEmptySubsequences: false).map { Array($0.utf8) }
      let qualifier = Array(components.dropLast())
      self.init(
        name: components.last ?? [], display: name, callee: qualifier.isEmpty ? .anyReceiver : .qualified(qualifier),
        key: slot(key), table: table.map(slot), bundle: nil, interpolationIsFormat: false, countsNonLiteral: true,
        defaultTable: helper.defaultTable)
    case .property(let name):
      self.init(
        name: Array(name.utf8), display: "." + name, callee: .property, key: .position(0), table: nil, bundle: nil,
        interpolationIsFormat: false, countsNonLiteral: true, defaultTable: helper.defaultTable)
    }
  }

  // MARK: - Built-in forms

  /// SwiftUI views whose first, unlabeled argument is a `LocalizedStringKey` (when it is a literal).
  static let swiftUIViews = [
    "Button", "ColorPicker", "CommandMenu", "ContentUnavailableView", "ControlGroup", "DatePicker", "DisclosureGroup",
    "GroupBox", "Label", "LabeledContent", "Link", "Menu", "MultiDatePicker", "NavigationLink", "Picker",
    "ProgressView", "Section", "SecureField", "ShareLink", "Stepper", "Tab", "TextField", "Toggle", "Window",
    "WindowGroup",
  ]

  /// SwiftUI modifiers whose key is a `LocalizedStringKey` literal: the first unlabeled argument,
  /// or the labeled one given.
  static let swiftUIModifiers: [(name: String, label: String?)] = [
    ("accessibilityHint", nil), ("accessibilityLabel", nil), ("accessibilityValue", nil),
    ("accessibilityAction", "named"), ("alert", nil), ("badge", nil), ("confirmationDialog", nil), ("help", nil),
    ("navigationBarTitle", nil), ("navigationSubtitle", nil), ("navigationTitle", nil), ("searchable", "prompt"),
  ]

  static let swiftForms: [LookupForm] = {
    var forms = [
      LookupForm(
        name: Array("NSLocalizedString".utf8), display: "NSLocalizedString", callee: .free, key: .unlabeled(0),
        table: .label(Array("tableName".utf8)), bundle: .label(Array("bundle".utf8)), interpolationIsFormat: false,
        countsNonLiteral: true),
      LookupForm(
        name: Array("String".utf8), display: "String(localized:)", callee: .free, key: .label(Array("localized".utf8)),
        table: .label(Array("table".utf8)), bundle: .label(Array("bundle".utf8)), interpolationIsFormat: true,
        countsNonLiteral: true),
      LookupForm(
        name: Array("AttributedString".utf8), display: "AttributedString(localized:)", callee: .free,
        key: .label(Array("localized".utf8)), table: .label(Array("table".utf8)), bundle: .label(Array("bundle".utf8)),
        interpolationIsFormat: true, countsNonLiteral: true),
      LookupForm(
        name: Array("LocalizedStringResource".utf8), display: "LocalizedStringResource", callee: .free,
        key: .unlabeled(0), table: .label(Array("table".utf8)), bundle: .label(Array("bundle".utf8)),
        interpolationIsFormat: true, countsNonLiteral: true),
      LookupForm(
        name: Array("LocalizedStringKey".utf8), display: "LocalizedStringKey", callee: .free, key: .unlabeled(0),
        table: nil, bundle: nil, interpolationIsFormat: true, countsNonLiteral: true),
      LookupForm(
        name: Array("localizedString".utf8), display: "localizedString(forKey:)", callee: .bundleMethod,
        key: .label(Array("forKey".utf8)), table: .label(Array("table".utf8)), bundle: nil,
        interpolationIsFormat: false, countsNonLiteral: true),
      LookupForm(
        name: Array("Text".utf8), display: "Text", callee: .free, key: .unlabeled(0),
        table: .label(Array("tableName".utf8)), bundle: .label(Array("bundle".utf8)), interpolationIsFormat: true,
        countsNonLiteral: false, needsSwiftUI: true),
      importForm,
    ]
    for view in swiftUIViews {
      forms.append(
        LookupForm(
          name: Array(view.utf8), display: view, callee: .free, key: .unlabeled(0), table: nil, bundle: nil,
          interpolationIsFormat: true, countsNonLiteral: false, needsSwiftUI: true))
    }
    for (modifier, label) in swiftUIModifiers {
      forms.append(
        LookupForm(
          name: Array(modifier.utf8), display: "." + modifier, callee: .member,
          key: label.map { .label(Array($0.utf8)) } ?? .unlabeled(0), table: nil, bundle: nil,
          interpolationIsFormat: true, countsNonLiteral: false, needsSwiftUI: true))
    }
    return forms
  }()

  static let objectiveCForms: [LookupForm] = [
    LookupForm(
      name: Array("NSLocalizedString".utf8), display: "NSLocalizedString", callee: .free, key: .position(0),
      table: nil, bundle: nil, interpolationIsFormat: false, countsNonLiteral: true),
    LookupForm(
      name: Array("NSLocalizedStringFromTable".utf8), display: "NSLocalizedStringFromTable", callee: .free,
      key: .position(0), table: .position(1), bundle: nil, interpolationIsFormat: false, countsNonLiteral: true),
    LookupForm(
      name: Array("NSLocalizedStringFromTableInBundle".utf8), display: "NSLocalizedStringFromTableInBundle",
      callee: .free, key: .position(0), table: .position(1), bundle: .position(2), interpolationIsFormat: false,
      countsNonLiteral: true),
    LookupForm(
      name: Array("NSLocalizedStringWithDefaultValue".utf8), display: "NSLocalizedStringWithDefaultValue",
      callee: .free, key: .position(0), table: .position(1), bundle: .position(2), interpolationIsFormat: false,
      countsNonLiteral: true),
    LookupForm(
      name: Array("localizedStringForKey".utf8), display: "localizedStringForKey:", callee: .message,
      key: .label(Array("localizedStringForKey".utf8)), table: .label(Array("table".utf8)), bundle: nil,
      interpolationIsFormat: false, countsNonLiteral: true),
  ]

  private static let importForm = LookupForm(
    name: Array("import".utf8), display: "import", callee: .importDeclaration, key: .position(0), table: nil,
    bundle: nil, interpolationIsFormat: false, countsNonLiteral: false)
}
