import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a program and waits for it, with output discarded. Foundation's `Process` adds tens of
/// milliseconds per launch on Linux, more than the work being measured, so the benchmark spawns
/// directly.
enum Spawn {
  @discardableResult
  static func run(_ path: String, _ arguments: [String]) -> Int32 {
    runMeasuringCPU(path, arguments).status
  }

  /// Runs a program and returns the elapsed time and the CPU time it used, in seconds.
  static func timed(_ binary: URL, _ arguments: [String]) -> (elapsed: Double, cpu: Double) {
    let began = DispatchTime.now().uptimeNanoseconds
    let run = runMeasuringCPU(binary.path, arguments)
    return (Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9, run.cpuSeconds)
  }

  /// Runs a program and returns its exit status and the CPU time it used (user + system), which
  /// other work on a shared machine disturbs less than the elapsed time.
  static func runMeasuringCPU(_ path: String, _ arguments: [String]) -> (status: Int32, cpuSeconds: Double) {
    let run = runMeasuringTimes(path, arguments)
    return (run.status, run.userSeconds + run.systemSeconds)
  }

  /// Runs a program and returns its exit status and its user and system CPU time apart: system
  /// time is what the kernel spent for it, creating files above all.
  static func runMeasuringTimes(_ path: String, _ arguments: [String]) -> (
    status: Int32, userSeconds: Double, systemSeconds: Double
  ) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return (-1, 0, 0) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return (status, seconds(usage.ru_utime), seconds(usage.ru_stime))
  }
}
