import Foundation
import Testing

@testable import LayerMerge

/// Only regular files are read; everything else is refused by name, before a byte is read.
@Suite struct FileBytesTests {
  /// Runs `body` on a thread of its own and gives up after `seconds`, so that a read that blocks
  /// fails the test instead of hanging the suite.
  func withDeadline<T: Sendable>(_ seconds: Double = 5, _ body: @escaping @Sendable () -> T) -> T? {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<T>()
    Thread {
      box.value = body()
      done.signal()
    }.start()
    guard done.wait(timeout: .now() + seconds) == .success else {
      Issue.record("the read did not finish within \(seconds) s")
      return nil
    }
    return box.value
  }

  func failure(_ path: String) -> FileBytes.Failure? {
    let outcome: FileBytes.Failure?? = withDeadline { () -> FileBytes.Failure? in
      do throws(FileBytes.Failure) {
        _ = try FileBytes.readRegularFile(path)
        return nil
      } catch {
        return error
      }
    }
    return outcome ?? nil
  }

  /// Inputs are read through the non-blocking descriptor they were opened with (a regular file
  /// reads the same either way). Should a read ever say it would block, the read blocks instead
  /// of failing: a pipe whose data comes late stands in for such a file.
  @Test func aReadThatWouldBlockWaitsInstead() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let (reader, writer) = (ends[0], ends[1])
    defer { close(reader) }
    #expect(fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK) == 0)
    Thread {
      usleep(50_000)
      _ = "late".withCString { write(writer, $0, 4) }
      close(writer)
    }.start()
    let bytes = withDeadline { try? FileBytes.readToEnd(reader, expectedSize: 0) }
    #expect(bytes == .some(Array("late".utf8)))
  }

  @Test func aFIFOIsRefusedWithoutBlocking() throws {
    let layers = try TemporaryLayers([:])
    try FileManager.default.createDirectory(atPath: layers.path(""), withIntermediateDirectories: true)
    #expect(mkfifo(layers.path("x.strings"), 0o644) == 0)
    #expect(failure(layers.path("x.strings")) == .notRegular("a FIFO (named pipe)"))
    let path = layers.path("x.strings")
    let parsed = withDeadline { LocalizationFileReader.read(path: path) }
    #expect(parsed?.diagnostics.map(layers.render) == ["x.strings: error: is a FIFO (named pipe), not a regular file"])
  }

  @Test func devicesFoldersAndMissingFilesAreRefusedByName() throws {
    let layers = try TemporaryLayers(["a": ["en.lproj/A.strings": "\"a\" = \"b\";\n"]])
    try FileManager.default.createSymbolicLink(atPath: layers.path("zero.strings"), withDestinationPath: "/dev/zero")
    #expect(failure(layers.path("zero.strings")) == .notRegular("a character device"))
    #expect(failure(layers.path("a")) == .folder)
    #expect(failure(layers.path("missing.strings")) == .missing)
    #expect(failure(layers.path("a/en.lproj/A.strings/x")) == .missing)
    #expect(try FileBytes.readRegularFile(layers.path("a/en.lproj/A.strings")).bytes == Array("\"a\" = \"b\";\n".utf8))
  }

  @Test func aFileAboveTheLimitIsRefusedWithoutReadingIt() throws {
    let layers = try TemporaryLayers(["a": ["en.lproj/A.strings": ""]])
    let path = layers.path("a/en.lproj/A.strings")
    #expect(truncate(path, off_t(FileBytes.maximumSize + 1)) == 0)  // sparse: no disk used
    #expect(failure(path) == .tooLarge(FileBytes.maximumSize + 1))
    #expect(
      FileBytes.Failure.tooLarge(300 << 20).description == "the file is 300 MB, more than the 256 MB a table may have")
    #expect(truncate(path, off_t(FileBytes.maximumSize)) == 0)
    #expect(try FileBytes.readRegularFile(path).bytes.count == FileBytes.maximumSize)
  }

  /// A file is read to its end whatever size `fstat` gave before the read: one that grew since
  /// (a smaller size) or shrank (a larger one), even by a byte; and growing past the limit, even
  /// by a byte, is refused.
  @Test func aFileIsReadToItsEndWhateverSizeWasGiven() throws {
    let layers = try TemporaryLayers(["a": ["ten.txt": "0123456789", "empty.txt": ""]])
    func read(_ name: String, expectedSize: Int, limit: Int = .max) -> Result<[UInt8], FileBytes.ReadStop> {
      let descriptor = open(layers.path("a/\(name)"), O_RDONLY)
      defer { close(descriptor) }
      do throws(FileBytes.ReadStop) {
        return .success(try FileBytes.readToEnd(descriptor, expectedSize: expectedSize, limit: limit))
      } catch {
        return .failure(error)
      }
    }
    let ten = Array("0123456789".utf8)
    for size in [0, 1, 3, 9, 10, 11, 100] {
      #expect((try? read("ten.txt", expectedSize: size).get()) == ten, "fstat said \(size)")
    }
    #expect((try? read("empty.txt", expectedSize: 0).get()) == [])
    #expect((try? read("ten.txt", expectedSize: 10, limit: 10).get()) == ten)
    for size in [9, 5] {
      guard case .failure(.tooLarge(let count)) = read("ten.txt", expectedSize: size, limit: size) else {
        Issue.record("a file above the limit was read (fstat said \(size))")
        continue
      }
      #expect(count > size)
    }
  }
}

private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}
