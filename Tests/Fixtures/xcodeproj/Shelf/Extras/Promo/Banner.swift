import Foundation

/// Added to ShelfPro by its exception; no target lists the folder Extras.
let banner = String(localized: "promo.banner")
