/// The shortest text of a number as the interchange JSON writes it: `2`, not `2.0`; `0.75`.
func shortNumberText(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}
