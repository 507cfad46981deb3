import Foundation

/// Left out of Shelf by its membership exception: ShelfPro's code only.
let upgrade = String(localized: "pro.upgrade")
