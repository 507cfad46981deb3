let other = String(localized: "extras.other")
