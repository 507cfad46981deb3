let secret = String(localized: "hidden.secret")
