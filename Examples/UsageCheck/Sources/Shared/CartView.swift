import SwiftUI

/// The cart, compiled into every target.
struct CartView: View {
  var count: Int
  var canPayFast: Bool

  var body: some View {
    VStack {
      Text("cart.count \(count)")
      Button("cart.checkout") {}
      if canPayFast {
        // Only Acme's layer defines it: GlobexGo would show "checkout.express" on screen.
        Button("checkout.express") {}
      }
    }
    .navigationTitle("welcome.title")
  }
}
