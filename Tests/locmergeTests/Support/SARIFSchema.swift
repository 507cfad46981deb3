import Foundation

/// The part of the SARIF 2.1.0 JSON schema (oasis-tcs/sarif-spec, `sarif-schema-2.1.0.json`)
/// that covers the objects locmerge writes, transcribed: each object's required properties, its
/// `anyOf` alternatives of required properties, and the type, enumeration and minimum of each
/// property it allows (the schema forbids any other: `additionalProperties: false`).
enum SARIFSchema {
  indirect enum Kind: Sendable {
    case string
    case uriReference
    case integer(minimum: Int)
    case oneOf([String])
    case object(String)
    case array(of: Kind, unique: Bool)
    /// An object whose every property is of one kind (`additionalProperties`).
    case map(of: Kind)
    /// A property bag: any object.
    case anyObject
  }

  struct Definition: Sendable {
    var required: [String] = []
    var anyOfRequired: [[String]] = []
    var properties: [String: Kind]
  }

  static let definitions: [String: Definition] = [
    "sarifLog": Definition(
      required: ["version", "runs"],
      properties: [
        "$schema": .uriReference, "version": .oneOf(["2.1.0"]), "runs": .array(of: .object("run"), unique: false),
        "properties": .anyObject,
      ]),
    "run": Definition(
      required: ["tool"],
      properties: [
        "tool": .object("tool"), "results": .array(of: .object("result"), unique: false),
        "columnKind": .oneOf(["utf16CodeUnits", "unicodeCodePoints"]),
        "originalUriBaseIds": .map(of: .object("artifactLocation")), "properties": .anyObject,
      ]),
    "tool": Definition(
      required: ["driver"], properties: ["driver": .object("toolComponent"), "properties": .anyObject]),
    "toolComponent": Definition(
      required: ["name"],
      properties: [
        "name": .string, "version": .string, "informationUri": .uriReference,
        "rules": .array(of: .object("reportingDescriptor"), unique: true), "properties": .anyObject,
      ]),
    "reportingDescriptor": Definition(
      required: ["id"],
      properties: [
        "id": .string, "name": .string, "shortDescription": .object("multiformatMessageString"),
        "fullDescription": .object("multiformatMessageString"), "helpUri": .uriReference, "properties": .anyObject,
      ]),
    "multiformatMessageString": Definition(
      required: ["text"], properties: ["text": .string, "markdown": .string, "properties": .anyObject]),
    "result": Definition(
      required: ["message"],
      properties: [
        "ruleId": .string, "ruleIndex": .integer(minimum: -1), "level": .oneOf(["none", "note", "warning", "error"]),
        "message": .object("message"), "locations": .array(of: .object("location"), unique: false),
        "relatedLocations": .array(of: .object("location"), unique: true), "properties": .anyObject,
      ]),
    "message": Definition(
      anyOfRequired: [["text"], ["id"]],
      properties: ["text": .string, "markdown": .string, "id": .string, "properties": .anyObject]),
    "location": Definition(
      properties: [
        "id": .integer(minimum: -1), "physicalLocation": .object("physicalLocation"), "message": .object("message"),
        "properties": .anyObject,
      ]),
    "physicalLocation": Definition(
      anyOfRequired: [["address"], ["artifactLocation"]],
      properties: [
        "artifactLocation": .object("artifactLocation"), "region": .object("region"), "properties": .anyObject,
      ]),
    "artifactLocation": Definition(
      properties: [
        "uri": .uriReference, "uriBaseId": .string, "index": .integer(minimum: -1), "properties": .anyObject,
      ]
    ),
    "region": Definition(
      anyOfRequired: [["startLine"], ["charOffset"], ["byteOffset"]],
      properties: [
        "startLine": .integer(minimum: 1), "startColumn": .integer(minimum: 1), "endLine": .integer(minimum: 1),
        "endColumn": .integer(minimum: 1), "properties": .anyObject,
      ]),
  ]

  /// Every way `value` breaks the schema, as `path: problem`.
  static func problems(in value: Any) -> [String] {
    problems(value, as: .object("sarifLog"), at: "$")
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
  }

  private static func problems(_ value: Any, as kind: Kind, at path: String) -> [String] {
    switch kind {
    case .string:
      return value is String ? [] : ["\(path): not a string"]
    case .uriReference:
      guard let text = value as? String else { return ["\(path): not a string"] }
      // RFC 3986: no spaces, controls or non-ASCII, and every % starts an escape.
      let bytes = Array(text.utf8)
      let bad = bytes.enumerated().contains { index, byte in
        byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\\")
          || (byte == UInt8(ascii: "%")
            && !(index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])))
      }
      return bad ? ["\(path): '\(text)' is not a URI reference"] : []
    case .integer(let minimum):
      // A JSON true or false may also read as 1 or 0; its text tells it apart.
      guard let number = value as? Int, "\(value)" == "\(number)" else {
        return ["\(path): not an integer"]
      }
      return number >= minimum ? [] : ["\(path): \(number) is below \(minimum)"]
    case .oneOf(let values):
      return (value as? String).map(values.contains) == true ? [] : ["\(path): \(value) is not one of \(values)"]
    case .anyObject:
      return value is [String: Any] ? [] : ["\(path): not an object"]
    case .map(let member):
      guard let object = value as? [String: Any] else { return ["\(path): not an object"] }
      return object.sorted { $0.key < $1.key }.flatMap { problems($1, as: member, at: "\(path).\($0)") }
    case .array(let element, let unique):
      guard let array = value as? [Any] else { return ["\(path): not an array"] }
      var found = array.enumerated().flatMap { problems($1, as: element, at: "\(path)[\($0)]") }
      if unique, Set(array.map { "\($0)" }).count != array.count { found.append("\(path): items are not unique") }
      return found
    case .object(let name):
      guard let object = value as? [String: Any] else { return ["\(path): not an object (\(name))"] }
      guard let definition = definitions[name] else { return ["\(path): no definition \(name)"] }
      var found = definition.required.filter { object[$0] == nil }.map { "\(path): \(name) lacks required '\($0)'" }
      if !definition.anyOfRequired.isEmpty,
        !definition.anyOfRequired.contains(where: { $0.allSatisfy { object[$0] != nil } })
      {
        found.append("\(path): \(name) needs one of \(definition.anyOfRequired)")
      }
      for (key, member) in object.sorted(by: { $0.key < $1.key }) {
        guard let kind = definition.properties[key] else {
          found.append("\(path): \(name) does not allow '\(key)'")
          continue
        }
        found += problems(member, as: kind, at: "\(path).\(key)")
      }
      return found
    }
  }
}
