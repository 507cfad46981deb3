#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The peak memory (maximum resident set) of a program run to its end.
///
/// `wait4` reports a child's `ru_maxrss`, but on Linux a process keeps the peak of the memory it
/// had before `exec`: a child started from this process (`posix_spawn` shares its memory until the
/// `exec`) would report at least this process's own peak. So the benchmark starts itself as a
/// small helper (`--child-peak`), which forks the program — the fork starts a fresh count with a
/// copy of only the helper's small memory — waits for it and prints its peak.
enum ChildPeak {
  /// The flag that makes the benchmark the helper.
  static let helperFlag = "--child-peak"

  /// Runs `program` through the helper and returns its peak in kilobytes (0 if it could not run).
  static func measure(_ program: String, _ arguments: [String]) -> Int {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return 0 }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_addclose(&actions, ends[0])
    let helper = CommandLine.arguments[0]
    let argv = ([helper, helperFlag, program] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, helper, &actions, nil, argv, environ) == 0
    close(ends[1])
    defer { close(ends[0]) }
    guard spawned else { return 0 }
    var text: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = read(ends[0], &buffer, buffer.count)
      if count <= 0 { break }
      text += buffer[..<count]
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return Int(String(decoding: text, as: UTF8.self).split(separator: "\n").first ?? "") ?? 0
  }

  /// The helper: forks the program given after the flag (its output discarded), waits for it,
  /// prints its peak in kilobytes and exits.
  static func runHelper(_ arguments: [String]) -> Never {
    let argv = arguments.map { strdup($0) } + [nil]
    let child = fork()
    if child == 0 {
      let null = open("/dev/null", O_WRONLY)
      dup2(null, 1)
      dup2(null, 2)
      execv(arguments[0], argv)
      _exit(127)
    }
    var status: Int32 = 0
    var usage = rusage()
    guard child > 0, wait4(child, &status, 0, &usage) == child else { exit(1) }
    print(usage.ru_maxrss)
    exit(0)
  }
}
