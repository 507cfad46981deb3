extension MergeOptions {
  /// The options as ``BuildConfiguration/settings``: a run whose options differ from the last
  /// run's is never taken as up to date. Options left at their defaults add nothing.
  public var configurationSettings: [String: String] {
    [
      "development-language": developmentLanguage,
      "rules": rules.levels.isEmpty
        ? nil : rules.levels.map { "\($0.key.rawValue)=\($0.value.rawValue)" }.sorted().joined(separator: ","),
      "exclude": exclude.isEmpty ? nil : exclude.map(\.pattern).joined(separator: "\n"),
      "catalogs": catalogOutput == .compiled ? nil : catalogOutput.rawValue,
    ].compactMapValues { $0 }
  }
}
