/// Lower-case hex text of bytes (a digest, a token's secret): how sharp9 writes every hash and
/// secret it shows or stores as text.
public func hexString(_ bytes: some Sequence<UInt8>) -> String {
  let digits = Array("0123456789abcdef")
  var text = ""
  for byte in bytes {
    text.append(digits[Int(byte >> 4)])
    text.append(digits[Int(byte & 0x0F)])
  }
  return text
}
