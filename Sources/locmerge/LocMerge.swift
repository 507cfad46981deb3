import LayerMerge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `locmerge` executable: everything happens in ``CommandLineTool``.
@main
enum LocMerge {
  static func main() {
    ShortLivedProcess.keepFreedMemory()
    // A reader that went away (`locmerge audit | head`) ends the output, not the process.
    signal(SIGPIPE, SIG_IGN)
    let status = CommandLineTool.run(
      arguments: Array(CommandLine.arguments.dropFirst()), environment: processEnvironment(),
      console: StandardConsole())
    exit(status.rawValue)
  }

  /// The environment as `NAME=value` pairs; the first definition of a name wins, as `getenv` does.
  private static func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    #if canImport(Darwin)
      guard var entry = _NSGetEnviron()?.pointee else { return result }
    #else
      guard var entry = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else { return result }
    #endif
    while let pointer = entry.pointee {
      let pair = String(cString: pointer)
      if let equals = pair.firstIndex(of: "="), result[String(pair[..<equals])] == nil {
        result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      entry += 1
    }
    return result
  }
}
