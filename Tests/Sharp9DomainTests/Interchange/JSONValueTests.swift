import Foundation
import Sharp9Domain
import Testing

@Suite("JSON value model")
struct JSONValueTests {
  private struct Sample: Encodable {
    var zebra = 1
    var apple: Float = 0.1
    var big = Int64.max
    var nested = ["b": true]
  }

  @Test("the encoder builds one value: declaration order kept, sorted only when written so")
  func encoderBuildsTheValue() throws {
    let value = try OrderedJSONEncoder().jsonValue(Sample())
    guard case .object(let members) = value else {
      Issue.record("not an object: \(value.text)")
      return
    }
    #expect(members.map(\.key) == ["zebra", "apple", "big", "nested"])
    #expect(
      value.text == #"{"apple":0.1,"big":9223372036854775807,"nested":{"b":true},"zebra":1}"#)
    var declared = ""
    value.write(to: &declared, pretty: false, sortedKeys: false)
    #expect(declared == (try OrderedJSONEncoder().string(Sample())))
    #expect(declared == #"{"zebra":1,"apple":0.1,"big":9223372036854775807,"nested":{"b":true}}"#)
  }

  @Test("a parsed value equals the encoded one: objects in any order, numbers by value")
  func parsedEqualsEncoded() throws {
    let encoded = try OrderedJSONEncoder().jsonValue(["x": [1.5, -0.0], "y": [2, 3]])
    let parsed = try JSONValue.parse(Data(#"{"y":[2,3.0],"x":[1.5,0]}"#.utf8))
    #expect(parsed == encoded)
    #expect(parsed != (try JSONValue.parse(Data(#"{"y":[2,3],"x":[1.5,1]}"#.utf8))))
    #expect(parsed["x"] == .array([.number(1.5), .number(0.0)]))
    #expect(parsed["y"]?.doubleValue == nil)
  }
}
