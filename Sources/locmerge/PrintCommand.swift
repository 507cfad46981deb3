import LayerMerge

/// `locmerge print --json PATH…`: each file as Apple's runtime sees it, one JSON object per line.
struct PrintCommand {
  var console: Console

  func run(paths: [String]) -> ExitStatus {
    var failed = false
    for path in paths {
      if PathText.pathExtension(path) == "xcstrings" {
        if !printCatalog(path) { failed = true }
        continue
      }
      let parsed = LocalizationFileReader.read(path: path)
      var fields: [(String, JSONValue)] = [("path", .string(path))]
      if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
        failed = true
        let position = error.location?.position.map { "\($0.line):\($0.column): " } ?? ""
        fields.append(("error", .string(position + error.message)))
      } else {
        fields.append(("values", .object(parsed.table.entries.map { ($0.key, JSONValue($0.value)) })))
      }
      let warnings = parsed.diagnostics.filter { $0.severity == .warning }
      if !warnings.isEmpty {
        fields.append(
          (
            "warnings",
            .array(
              warnings.map { warning in
                .string((warning.location?.position.map { "\($0.line):\($0.column): " } ?? "") + warning.message)
              })
          ))
      }
      console.out(JSONValue.object(fields).serialized() + "\n")
    }
    return failed ? .failure : .success
  }

  /// A String Catalog as its compiled tables: one line per language, `.stringsdict` rules over
  /// `.strings` values as at run time. Returns `false` on an error.
  private func printCatalog(_ path: String) -> Bool {
    let parsed = StringCatalogReader.read(path: path)
    guard let catalog = parsed.catalog, !parsed.hasErrors else {
      let error = parsed.diagnostics.first { $0.severity == .error }
      let position = error?.location?.position.map { "\($0.line):\($0.column): " } ?? ""
      let fields: [(String, JSONValue)] = [
        ("path", .string(path)), ("error", .string(position + (error?.message ?? "cannot read the catalog"))),
      ]
      console.out(JSONValue.object(fields).serialized() + "\n")
      return false
    }
    for language in CatalogCompiler.compile(catalog, path: path).languages {
      let fields: [(String, JSONValue)] = [
        ("path", .string(path)), ("language", .string(language.language)),
        ("values", .object(language.values.map { ($0.key, JSONValue($0.value)) })),
      ]
      console.out(JSONValue.object(fields).serialized() + "\n")
    }
    return true
  }
}
