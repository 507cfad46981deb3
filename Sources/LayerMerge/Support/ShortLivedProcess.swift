#if canImport(Glibc)
  import Glibc
#endif

/// Settings for a process that runs one merge and exits, as `locmerge` and its benchmark do.
/// The library never calls these itself.
package enum ShortLivedProcess {
  /// Tells the C allocator to keep freed memory instead of returning it to the kernel.
  ///
  /// glibc serves large blocks (file contents, entry arrays, rendered files) with `mmap` and
  /// unmaps them when freed; in a process that lives for 30 ms, unmapping and then faulting in
  /// fresh zeroed pages for the next block is pure cost. No effect outside glibc.
  package static func keepFreedMemory() {
    #if canImport(Glibc)
      // `mallopt` is declared in <malloc.h>, which the Glibc module does not export.
      typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
      let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
      let topPad: Int32 = -2  // M_TOP_PAD
      let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
      _ = mallopt(trimThreshold, 1 << 30)
      _ = mallopt(mmapThreshold, 1 << 28)
      // Each thread's heap grows 16 MiB at a time, not by what one request lacks: a build of 18
      // targets grew them with 600 `mprotect` calls otherwise.
      _ = mallopt(topPad, 16 << 20)
    #endif
  }
}
