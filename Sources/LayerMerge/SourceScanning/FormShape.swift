/// What the matcher tests a candidate name against: a ``LookupForm`` as plain values, its labels as
/// ranges of ``FormNames/labelBytes``.
///
/// The forms are one set of objects that every scanning thread shares, and reading a label or the
/// form itself counted a reference to it, several atomic counts per candidate that the cores
/// fought over. A shape counts none; only a lookup that needs the form's name or default table
/// reads the form.
struct FormShape {
  /// ``LookupForm/Callee`` without its qualifier (read from the form, for declared helpers only).
  enum Callee: UInt8 {
    case free, member, bundleMethod, anyReceiver, qualified, property, message, importDeclaration
  }

  /// ``LookupForm/Slot``, or no slot.
  struct Slot {
    enum Kind: UInt8 {
      case none, unlabeled, label, position
    }

    var kind: Kind
    var position = 0
    /// The label's bytes in ``FormNames/labelBytes``.
    var label = 0..<0

    static let none = Slot(kind: .none)
  }

  var callee: Callee
  var key: Slot
  var table: Slot
  var bundle: Slot
  var interpolationIsFormat: Bool
  var countsNonLiteral: Bool
  var needsSwiftUI: Bool
  var hasDefaultTable: Bool

  /// The shape of `form`, its labels added to `labelBytes`.
  init(_ form: LookupForm, labelBytes: inout [UInt8]) {
    func slot(_ slot: LookupForm.Slot?) -> Slot {
      switch slot {
      case nil: return .none
      case .unlabeled(let position): return Slot(kind: .unlabeled, position: position)
      case .position(let position): return Slot(kind: .position, position: position)
      case .label(let label):
        labelBytes += label
        return Slot(kind: .label, label: labelBytes.count - label.count..<labelBytes.count)
      }
    }
    switch form.callee {
    case .free: callee = .free
    case .member: callee = .member
    case .bundleMethod: callee = .bundleMethod
    case .anyReceiver: callee = .anyReceiver
    case .qualified: callee = .qualified
    case .property: callee = .property
    case .message: callee = .message
    case .importDeclaration: callee = .importDeclaration
    }
    key = slot(form.key)
    table = slot(form.table)
    bundle = slot(form.bundle)
    interpolationIsFormat = form.interpolationIsFormat
    countsNonLiteral = form.countsNonLiteral
    needsSwiftUI = form.needsSwiftUI
    hasDefaultTable = form.defaultTable != nil
  }
}
