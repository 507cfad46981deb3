import SwiftUI

/// Pro's own screen.
struct ExportView: View {
  var body: some View {
    Text(L10n.tr("Localizable", "export.title"))
  }
}

enum L10n {
  static func tr(_ table: String, _ key: String) -> String {
    NSLocalizedString(key, tableName: table, comment: "")
  }
}
