import Foundation

/// A place in a ``JSONValue`` under construction. `Encoder` hands out nested containers that are
/// filled after they are returned, so the encoder needs references to write into; once encoding
/// ends, ``value`` is the finished ``JSONValue``. Not a second JSON model: it holds finished
/// scalars as ``JSONValue`` and exists only while one value is encoded.
final class JSONValueBuilder {
  /// What the place holds so far.
  enum Content {
    case unset
    case value(JSONValue)
    case array([JSONValueBuilder])
    case object([(key: String, builder: JSONValueBuilder)])
  }

  var content: Content = .unset

  /// The finished value; a place nothing was encoded into is an empty object.
  var value: JSONValue {
    switch content {
    case .unset: return .object([])
    case .value(let value): return value
    case .array(let elements): return .array(elements.map(\.value))
    case .object(let entries): return .object(entries.map { ($0.key, $0.builder.value) })
    }
  }

  /// Makes this place an object (keeping its entries if it already is one).
  func becomeObject() {
    if case .object = content { return }
    content = .object([])
  }

  /// Makes this place an array (keeping its elements if it already is one).
  func becomeArray() {
    if case .array = content { return }
    content = .array([])
  }

  /// The place stored under `key`, created at the end of the object if new; encoding the same key
  /// again replaces the value in place.
  func child(forKey key: String) -> JSONValueBuilder {
    becomeObject()
    guard case .object(var entries) = content else { return self }
    if let existing = entries.first(where: { $0.key == key }) {
      existing.builder.content = .unset
      return existing.builder
    }
    let builder = JSONValueBuilder()
    content = .unset  // drops the enum's reference, so the append below does not copy the array
    entries.append((key, builder))
    content = .object(entries)
    return builder
  }

  /// A new place appended to this array.
  func appendChild() -> JSONValueBuilder {
    becomeArray()
    guard case .array(var elements) = content else { return self }
    let builder = JSONValueBuilder()
    content = .unset  // as in `child(forKey:)`: appending stays O(1), not O(count)
    elements.append(builder)
    content = .array(elements)
    return builder
  }

  /// The number of array elements (0 for anything else).
  var count: Int {
    if case .array(let elements) = content { return elements.count }
    return 0
  }
}
