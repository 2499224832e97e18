/// The shortest text of a number as the interchange JSON writes it: `2`, not `2.0`; `0.75`
/// (the same rule as the domain's JSON writer, so messages quote numbers the way scripts do).
func shortNumberText(_ value: Double) -> String {
  let text = value.description
  return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}
