/// The forms by the identifier they are spelled with, looked up straight from the source bytes (no
/// string is made per identifier): a mask of the names' lengths for each first byte rejects most
/// identifiers at once (`self`, `some`, `view`… share no length with a name of their first letter),
/// a small hash table finds the rest.
///
/// Everything is flat (the names' bytes, the entries by bucket, the forms by name): a lookup reads
/// arrays in place and retains none, as it runs for every identifier of every file. A class: each
/// file's scan and matcher hold the names, and a struct of five arrays retained five references
/// shared by every thread at each copy (atomic counts the cores fought over). It also holds each
/// form's ``FormShape``, what a candidate is tested against.
final class FormNames: Sendable {
  private struct Entry {
    /// The name's bytes in ``nameBytes``.
    var name: Range<Int>
    /// Its forms in ``formIndexes``.
    var forms: Range<Int>
  }

  private let nameBytes: [UInt8]
  /// The entries, bucket by bucket: bucket `b`'s are `entries[bucketStarts[b]..<bucketStarts[b + 1]]`.
  private let entries: [Entry]
  private let bucketStarts: [Int]
  /// The indexes of the forms, grouped by name, each group in order.
  let formIndexes: [Int]
  /// Each form's shape, by the form's index.
  let shapes: [FormShape]
  /// The shapes' labels, one after the other.
  let labelBytes: [UInt8]
  /// By first byte, the lengths of the names that start with it (bit `n`: length `n`, 63 for more):
  /// the Swift lexer marks the identifiers that pass as candidates (``SourceTokens/candidates``).
  let lengths: [UInt64]
  private static let bucketCount = 128

  init(_ forms: [LookupForm]) {
    // The names in the order first spelled, each with its forms in order.
    var names: [[UInt8]] = []
    var formsByName: [[UInt8]: [Int]] = [:]
    var lengths = [UInt64](repeating: 0, count: 256)
    for (index, form) in forms.enumerated() where !form.name.isEmpty {
      if formsByName[form.name] == nil { names.append(form.name) }
      formsByName[form.name, default: []].append(index)
      lengths[Int(form.name[0])] |= FormNames.lengthBit(form.name.count)
    }
    var nameBytes: [UInt8] = []
    var formIndexes: [Int] = []
    var byBucket = [[Entry]](repeating: [], count: FormNames.bucketCount)
    for name in names {
      let entry = Entry(
        name: nameBytes.count..<nameBytes.count + name.count,
        forms: formIndexes.count..<formIndexes.count + (formsByName[name]?.count ?? 0))
      nameBytes += name
      formIndexes += formsByName[name] ?? []
      byBucket[name.withUnsafeBufferPointer { FormNames.bucket(of: $0) }].append(entry)
    }
    var entries: [Entry] = []
    var bucketStarts: [Int] = []
    for bucket in byBucket {
      bucketStarts.append(entries.count)
      entries += bucket
    }
    bucketStarts.append(entries.count)
    var labelBytes: [UInt8] = []
    shapes = forms.map { FormShape($0, labelBytes: &labelBytes) }
    self.labelBytes = labelBytes
    self.nameBytes = nameBytes
    self.entries = entries
    self.bucketStarts = bucketStarts
    self.formIndexes = formIndexes
    self.lengths = lengths
  }

  /// Where in ``formIndexes`` the forms spelled as `identifier` are, or `nil`.
  @inline(__always)
  func forms(named identifier: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard !identifier.isEmpty, lengths[Int(identifier[0])] & FormNames.lengthBit(identifier.count) != 0 else {
      return nil
    }
    let bucket = FormNames.bucket(of: identifier)
    for index in bucketStarts[bucket]..<bucketStarts[bucket + 1] {
      let entry = entries[index]
      guard entry.name.count == identifier.count else { continue }
      let matches = nameBytes.withUnsafeBufferPointer {
        bytesEqual(UnsafeBufferPointer(rebasing: $0[entry.name]), identifier)
      }
      if matches { return entry.forms }
    }
    return nil
  }

  /// The bit of ``lengths`` for an identifier of this length.
  @inline(__always)
  static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

  // MARK: - Private

  /// FNV-1a.
  @inline(__always)
  private static func bucket(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash % UInt32(bucketCount))
  }
}
