/// A command line that cannot be run; printed with a hint and exit status 64.
struct UsageError: Error, Equatable, CustomStringConvertible {
  var message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
