/// A coding key named at run time: used where the interchange format inspects or names fields that
/// no model declares (unknown-field checks, nested error paths).
struct InterchangeKey: CodingKey, Hashable {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
