// An explicit folder: copied whole, not compiled.
let sample = String(localized: "fixtures.sample")
