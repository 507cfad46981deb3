#if canImport(Glibc)
  import Glibc
#endif

/// Settings of the C allocator that make rounds comparable.
enum Allocator {
  /// Keeps freed memory in the process. glibc otherwise returns the top of the heap to the kernel
  /// after each round once it was freed, so every round paid for faulting in and zeroing the
  /// same pages again, and how much depended on what ran before (the full report measured 20%
  /// more than `--profile-parse`). Both readers run under the same setting.
  static func keepFreedMemory() {
    #if canImport(Glibc)
      // `mallopt` is declared in <malloc.h>, which the Glibc module does not export.
      typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
      let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
      let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
      _ = mallopt(trimThreshold, 1 << 30)
      _ = mallopt(mmapThreshold, 1 << 28)
    #endif
  }
}
