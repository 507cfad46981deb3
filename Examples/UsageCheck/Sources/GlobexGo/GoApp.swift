import SwiftUI

@main
struct GoApp: App {
  var body: some Scene {
    WindowGroup { CartView(count: 0, canPayFast: false) }
  }
}
