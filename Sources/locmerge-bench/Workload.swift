import Foundation

/// Input files for the benchmark: the shared corpus and projects made by `genworkload.py`.
enum Workload {
  /// All `.strings` and `.stringsdict` files under a folder, with their bytes.
  static func localizationFiles(under root: URL) -> [(path: String, bytes: [UInt8])] {
    guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    var files: [(String, [UInt8])] = []
    for case let url as URL in enumerator where ["strings", "stringsdict"].contains(url.pathExtension) {
      if let data = FileManager.default.contents(atPath: url.path) { files.append((url.path, [UInt8](data))) }
    }
    return files.sorted { $0.0 < $1.0 }
  }

  /// How many regular files a folder holds, at any depth.
  static func fileCount(under root: URL) -> Int {
    regularFiles(under: root).count
  }

  /// How many bytes the regular files of a folder hold, at any depth.
  static func byteCount(under root: URL) -> Int {
    regularFiles(under: root).reduce(0) { total, url in
      total + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0)
    }
  }

  private static func regularFiles(under root: URL) -> [URL] {
    guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    return enumerator.compactMap { $0 as? URL }.filter {
      (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }
  }

  /// Runs `shared/tools/genworkload.py` into a fresh temporary folder and returns it.
  /// - Parameters:
  ///   - languageList: The language folders to make, instead of the generator's first
  ///     `languages` ones.
  ///   - folder: Where to make the project, instead of a new folder in the temporary folder.
  static func generate(
    shared: URL, targets: Int, languages: Int, keys: Int, utf16: Double = 0.1, seed: Int = 1,
    languageList: [String]? = nil, into folder: URL? = nil
  ) throws -> URL {
    let output =
      folder
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "locmerge-bench-\(targets)x\(languages)x\(keys)x\(utf16)-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.removeItem(at: output)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", shared.appendingPathComponent("tools/genworkload.py").path, output.path, "--targets", "\(targets)",
        "--langs", "\(languages)", "--keys", "\(keys)", "--seed", "\(seed)", "--utf16", "\(utf16)",
      ] + (languageList.map { ["--lang-list", $0.joined(separator: ",")] } ?? [])
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw NSError(
        domain: "locmerge-bench", code: Int(process.terminationStatus),
        userInfo: [
          NSLocalizedDescriptionKey: "genworkload.py failed"
        ])
    }
    return output
  }

  /// Removes `%` from every target file of a generated project, and from every base file but
  /// the development language's. The generator appends random format specifiers to overrides
  /// and to each language independently, which locmerge rightly refuses (a value may not take
  /// arguments the code does not supply); a build-phase benchmark needs a merge that succeeds.
  static func makeOverridesCompatible(_ project: URL) throws {
    guard let enumerator = FileManager.default.enumerator(at: project, includingPropertiesForKeys: nil) else { return }
    for case let file as URL in enumerator where file.pathExtension == "strings" {
      let relative = file.path.dropFirst(project.path.count)
      guard relative.hasPrefix("/targets/") || (relative.hasPrefix("/base/") && !relative.hasPrefix("/base/en.lproj/"))
      else { continue }
      let bytes = try Data(contentsOf: file)
      // A UTF-16 file loses the whole `%` code unit; dropping only its 0x25 byte would leave a
      // stray 0x00 and shift every character after it (U+0000 in the values, garbled text).
      if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
        let bigEndian = bytes.first == 0xFE
        var kept = Data(bytes.prefix(2))
        var index = bytes.startIndex + 2
        while index + 1 < bytes.endIndex {
          let unit = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
          if unit != (0, UInt8(ascii: "%")) { kept.append(contentsOf: [bytes[index], bytes[index + 1]]) }
          index += 2
        }
        try kept.write(to: file)
      } else {
        try Data(bytes.filter { $0 != UInt8(ascii: "%") }).write(to: file)
      }
    }
  }
}
