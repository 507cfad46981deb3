import SwiftUI

struct ShelfView: View {
  var count: Int
  var body: some View {
    VStack {
      Text("shelf.title")
      Text("shelf.count \(count)")
    }
  }
}
