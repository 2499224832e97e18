import Foundation

/// One value of a JSON document under construction. Objects keep their keys in insertion order,
/// which `JSONEncoder` does not do on Linux (it writes them in hash order, which changes from run
/// to run); the interchange format needs `type` first and a stable order everywhere.
final class OrderedJSONNode {
  /// What the node holds. Scalars are kept as their final JSON text.
  enum Content {
    case unset
    case scalar(String)
    case array([OrderedJSONNode])
    case object([(key: String, node: OrderedJSONNode)])
  }

  var content: Content = .unset

  /// Makes this node an object (keeping its entries if it already is one).
  func becomeObject() {
    if case .object = content { return }
    content = .object([])
  }

  /// Makes this node an array (keeping its elements if it already is one).
  func becomeArray() {
    if case .array = content { return }
    content = .array([])
  }

  /// The node stored under `key`, created at the end of the object if new; encoding the same key
  /// again replaces the value in place.
  func child(forKey key: String) -> OrderedJSONNode {
    becomeObject()
    guard case .object(var entries) = content else { return self }
    if let existing = entries.first(where: { $0.key == key }) {
      existing.node.content = .unset
      return existing.node
    }
    let node = OrderedJSONNode()
    entries.append((key, node))
    content = .object(entries)
    return node
  }

  /// A new node appended to this array.
  func appendChild() -> OrderedJSONNode {
    becomeArray()
    guard case .array(var elements) = content else { return self }
    let node = OrderedJSONNode()
    elements.append(node)
    content = .array(elements)
    return node
  }

  /// The number of array elements (0 for anything else).
  var count: Int {
    if case .array(let elements) = content { return elements.count }
    return 0
  }

  /// Appends this node's JSON text to `output`: compact (no whitespace), or pretty (two-space
  /// indent, `"key": value`, one entry per line, empty containers as `[]` and `{}`); object keys
  /// in insertion order, or sorted by ``JSONText/keyPrecedes(_:_:)`` when `sortedKeys`.
  func write(to output: inout String, pretty: Bool, sortedKeys: Bool = false, depth: Int = 0) {
    switch content {
    case .unset: output += "{}"
    case .scalar(let text): output += text
    case .array(let elements):
      writeContainer(elements, open: "[", close: "]", to: &output, pretty: pretty, depth: depth) {
        element, output in
        element.write(to: &output, pretty: pretty, sortedKeys: sortedKeys, depth: depth + 1)
      }
    case .object(let inserted):
      let entries = sortedKeys ? inserted.sorted { JSONText.keyPrecedes($0.key, $1.key) } : inserted
      writeContainer(entries, open: "{", close: "}", to: &output, pretty: pretty, depth: depth) {
        entry, output in
        output += JSONText.quoted(entry.key) + (pretty ? ": " : ":")
        entry.node.write(to: &output, pretty: pretty, sortedKeys: sortedKeys, depth: depth + 1)
      }
    }
  }

  private func writeContainer<Element>(
    _ items: [Element], open: String, close: String, to output: inout String, pretty: Bool,
    depth: Int, writeItem: (Element, inout String) -> Void
  ) {
    output += open
    guard !items.isEmpty else { return output += close }
    let indent = pretty ? "\n" + String(repeating: "  ", count: depth + 1) : ""
    for (index, item) in items.enumerated() {
      if index > 0 { output += "," }
      output += indent
      writeItem(item, &output)
    }
    output += pretty ? "\n" + String(repeating: "  ", count: depth) + close : close
  }
}
