/// Why an XLIFF file or `.xcloc` bundle could not be read: the file, where in it, and what to do.
public struct XLIFFError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem it is, so that a caller can tell a damaged file from a refused one.
  public enum Kind: String, Hashable, Sendable {
    /// The file or folder could not be read from disk, or holds no XLIFF file.
    case unreadable
    /// Bytes in no encoding the reader accepts (UTF-8, UTF-16, US-ASCII, ISO-8859-1).
    case encoding
    /// Not well-formed XML (XML 1.0 and Namespaces in XML): the file is damaged.
    case xml
    /// A document type declaration or an entity declaration, refused so that no entity can reach
    /// outside the file (XXE) or grow without bound (billion laughs).
    case documentType
    /// Well-formed XML that is not an XLIFF 1.2 document locmerge can read (another root, a unit
    /// without an id, a second target, inline markup…).
    case structure
  }

  /// The file (or folder) the problem is about, as it was given.
  public var path: String
  /// Where in the file, when the problem has a place.
  public var position: TextPosition?
  /// What is wrong and what to do, without the location.
  public var message: String
  /// What kind of problem it is.
  public var kind: Kind

  /// Creates an error.
  /// - Parameters:
  ///   - kind: What kind of problem it is.
  ///   - path: The file or folder.
  ///   - position: Where in the file, if anywhere.
  ///   - message: What is wrong and what to do.
  public init(_ kind: Kind, path: String, position: TextPosition?, message: String) {
    self.kind = kind
    self.path = path
    self.position = position
    self.message = message
  }

  /// Where the problem is, as diagnostics print it.
  public var location: SourceLocation { SourceLocation(path: path, position: position) }

  /// `path:line:column: message`.
  public var description: String { "\(location): \(DisplayText.escaped(message))" }

  /// The error as a diagnostic (code `xliff`), for printing with the others.
  public var diagnostic: Diagnostic { Diagnostic(.error, .xliff, message, at: location) }
}
