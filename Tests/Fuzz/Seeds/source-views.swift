import SwiftUI

/* A view /* with a nested comment */ and every kind of literal */
struct SettingsView: View {
  @State private var name = ""
  let regex = /"[a-z]+"/
  var body: some View {
    Form {
      Section("settings.section") {
        TextField("settings.name", text: $name)
        Text("settings.count \(count, specifier: "%lld") \(name.isEmpty ? "none" : name)")
        Text(#"raw "key" \#(count)"#, tableName: "Settings", bundle: .module)
        Text(
          """
          multi-line \
          key
          """)
      }
      #if os(iOS)
        .navigationTitle("settings.title")
      #else
        .help(String(localized: "settings.help", table: "Help"))
      #endif
    }
    .alert(NSLocalizedString(isOn ? "on" : "off", comment: ""), isPresented: $shown) {}
    Button(L10n.tr("Localizable", "settings.done")) { dismiss() }
    Text(verbatim: "\u{1F600}".localized)
    let ratio = total / count, bundle = Bundle.main.localizedString(forKey: "k", value: nil, table: nil)
  }
}
