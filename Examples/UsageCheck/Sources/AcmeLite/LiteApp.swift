import SwiftUI

@main
struct LiteApp: App {
  var body: some Scene {
    WindowGroup { CartView(count: 0, canPayFast: true) }
  }
}
