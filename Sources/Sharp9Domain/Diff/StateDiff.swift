import Foundation

/// Field-by-field comparison of states, for `sharp9 diff`, `verify`'s divergence report and the
/// history and bug-reproduction tools.
///
/// States are compared through their interchange JSON, so the paths are the interchange field
/// names and dates print as ISO-8601. Arrays of objects with an `id` (markers) are matched by id,
/// named by position and time (`markers[2 at 00:12.50]`), not compared by position, so deleting the first marker reports one removal rather than a shift of all
/// the others; other arrays are compared by index.
public enum StateDiff {
  /// The fields that differ from `before` to `after`, in path order (empty when equal).
  public static func changes(from before: State, to after: State) throws -> [FieldChange] {
    changes(from: try json(before), to: try json(after))
  }

  /// The fields that differ between two JSON values (e.g. a stored snapshot that no longer
  /// decodes as the current `State`, and a replayed state).
  public static func changes(from before: JSONValue, to after: JSONValue) -> [FieldChange] {
    var found: [FieldChange] = []
    compare(before, after, path: "", into: &found)
    return found
  }

  /// Every leaf field of `state` with its value, in path order (`sharp9 state` prints these).
  public static func fields(of state: State) throws -> [(path: String, value: String)] {
    var found: [FieldChange] = []
    compare(.null, try json(state), path: "", into: &found, listingAll: true)
    return found.map { ($0.path, $0.after ?? "null") }
  }

  /// The interchange JSON of `state` as a ``JSONValue``: the canonical bytes from
  /// ``StateJSONWriter``.
  public static func json(_ state: State) throws -> JSONValue {
    try JSONValue.parse(Data(try StateJSONWriter.bytes(of: state)))
  }

  private static func compare(
    _ before: JSONValue?, _ after: JSONValue?, path: String, into found: inout [FieldChange],
    listingAll: Bool = false
  ) {
    switch (before, after) {
    case (.object(let leftMembers)?, .object(let rightMembers)?):
      let left = JSONValue.byKey(leftMembers)
      let right = JSONValue.byKey(rightMembers)
      for key in Set(left.keys).union(right.keys).sorted() {
        compare(
          left[key], right[key], path: join(path, key), into: &found, listingAll: listingAll)
      }
    case (.array(let left)?, .array(let right)?):
      compareArrays(left, right, path: path, into: &found, listingAll: listingAll)
    case (_, .object(let right)?) where listingAll:
      compare(.object([]), .object(right), path: path, into: &found, listingAll: true)
    case (_, .array(let right)?) where listingAll:
      if right.isEmpty { found.append(FieldChange(path: path, before: nil, after: "[]")) }
      compare(.array([]), .array(right), path: path, into: &found, listingAll: true)
    default:
      if listingAll || before != after {
        found.append(FieldChange(path: path, before: before?.text, after: after?.text))
      }
    }
  }

  private static func compareArrays(
    _ left: [JSONValue], _ right: [JSONValue], path: String, into found: inout [FieldChange],
    listingAll: Bool
  ) {
    if let leftIDs = ids(left), let rightIDs = ids(right) {
      let leftByID = Dictionary(zip(leftIDs, left), uniquingKeysWith: { first, _ in first })
      let rightByID = Dictionary(zip(rightIDs, right), uniquingKeysWith: { first, _ in first })
      var order = leftIDs
      order += rightIDs.filter { leftByID[$0] == nil }
      var seen = Set<String>()
      for id in order where seen.insert(id).inserted {
        let element: String
        if let index = leftIDs.firstIndex(of: id) {
          element = "\(path)[\(label(left[index], index: index, id: id))]"
        } else {
          let index = rightIDs.firstIndex(of: id) ?? 0
          element = "\(path)[\(label(right[index], index: index, id: id))]"
        }
        switch (leftByID[id], rightByID[id]) {
        case (let old?, let new?):
          compare(old, new, path: element, into: &found, listingAll: listingAll)
        case (let old, let new):
          found.append(FieldChange(path: element, before: old?.text, after: new?.text))
        }
      }
      return
    }
    for index in 0..<max(left.count, right.count) {
      let old = index < left.count ? left[index] : nil
      let new = index < right.count ? right[index] : nil
      let element = "\(path)[\(index)]"
      if old == nil || new == nil {
        if old != new {
          found.append(FieldChange(path: element, before: old?.text, after: new?.text))
        }
      } else {
        compare(old, new, path: element, into: &found, listingAll: listingAll)
      }
    }
  }

  /// How an element matched by id is named in a path: by its 1-based position and its time
  /// (`2 at 00:12.50`) when it has a `timeSec`, as markers do, since their ids all begin alike
  /// (they derive from the session's id); else by its id's first 8 characters.
  private static func label(_ element: JSONValue, index: Int, id: String) -> String {
    guard let time = element["timeSec"]?.doubleValue else {
      return String(id.prefix(8))
    }
    return "\(index + 1) at \(formatTime(time))"
  }

  /// The `id` strings of an array whose elements are all objects with one, else `nil`.
  private static func ids(_ array: [JSONValue]) -> [String]? {
    var ids: [String] = []
    for element in array {
      guard case .string(let id)? = element["id"] else {
        return nil
      }
      ids.append(id)
    }
    return ids
  }

  private static func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : path + "." + key
  }
}
