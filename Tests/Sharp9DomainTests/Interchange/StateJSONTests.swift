import Foundation
import Sharp9Domain
import Testing

@Suite("JSON interchange: state") struct StateJSONTests {
  static let initial =
    #"{"track":null,"transport":{"isPlaying":false,"currentTimeSec":0,"speed":1,"pitchSemitones":0},"#
    + #""loop":{"aSec":null,"bSec":null,"enabled":false},"mode":"loop","markers":[],"#
    + #""viewport":{"startSec":0,"endSec":0},"isLoading":false,"toast":null,"isLocked":false,"#
    + #""lastMarkNowAt":null,"history":{"undo":[],"redo":[]}}"#

  static let busy =
    #"{"track":{"name":"etude.wav","durationSec":180},"#
    + #""transport":{"isPlaying":true,"currentTimeSec":12.5,"speed":0.75,"pitchSemitones":-2},"#
    + #""loop":{"aSec":10,"bSec":20.25,"enabled":true},"mode":"marker","#
    + #""markers":[{"id":"01020304-0506-0708-090A-0B0C0D0E0F10","timeSec":3}],"#
    + #""viewport":{"startSec":0,"endSec":180},"isLoading":false,"#
    + #""toast":{"message":"Speed 0.75 x","expiresAt":"2026-11-21T19:00:02.000Z"},"#
    + #""isLocked":true,"lastMarkNowAt":"2026-11-21T19:00:00.125Z","#
    + #""history":{"undo":[{"label":"Speed Change","loop":null,"#
    + #""speed":{"before":0.8,"after":0.75},"pitch":null,"markersAdded":[],"#
    + #""markersRemoved":[]}],"redo":[{"label":"Add Marker","loop":null,"speed":null,"#
    + #""pitch":null,"markersAdded":[{"marker":{"id":"01020304-0506-0708-090A-0B0C0D0E0F11","#
    + #""timeSec":4},"index":1}],"markersRemoved":[]}]}}"#

  @Test(arguments: [initial, busy]) func stateRoundTrips(golden: String) throws {
    let state = try Interchange.decoder().decode(State.self, from: Data(golden.utf8))
    #expect(try Interchange.string(state) == golden)
  }

  @Test func theInitialStateIsWrittenWithNulls() throws {
    #expect(try Interchange.string(State()) == Self.initial)
  }

  @Test func fieldsAddedLaterMayBeAbsent() throws {
    let old =
      #"{"track":null,"transport":{"isPlaying":false,"currentTimeSec":0,"speed":1,"#
      + #""pitchSemitones":0},"loop":{"aSec":null,"bSec":null,"enabled":false},"mode":"loop","#
      + #""markers":[],"viewport":{"startSec":0,"endSec":0},"isLoading":false,"toast":null}"#
    #expect(try Interchange.decoder().decode(State.self, from: Data(old.utf8)) == State())
  }

  @Test func prettyOutputIndentsByTwo() throws {
    let text = try Interchange.string(LoopPoints(aSec: 1, bSec: nil), pretty: true)
    #expect(text == "{\n  \"aSec\": 1,\n  \"bSec\": null,\n  \"enabled\": false\n}")
    #expect(try Interchange.string([Int](), pretty: true) == "[]")
  }

  @Test func canonicalOutputSortsKeys() throws {
    let text = try Interchange.string(LoopPoints(aSec: 1, bSec: nil), canonical: true)
    #expect(text == #"{"aSec":1,"bSec":null,"enabled":false}"#)
    let state = try Interchange.decoder().decode(State.self, from: Data(Self.busy.utf8))
    let canonical = try Interchange.string(state, canonical: true)
    #expect(canonical.hasPrefix(#"{"history":{"redo":[{"label":"Add Marker","loop":null,"#))
  }

  @Test func stringsAreEscapedAsJSONEncoderDoes() throws {
    let text = "a\"b\\c/d\n\t\u{01}é🎸"
    let ours = try Interchange.string([text])
    let theirs = String(
      decoding: try Interchange.encoder().encode([text]), as: UTF8.self)
    #expect(ours == theirs)
  }

  @Test func numbersAreWrittenAsJSONEncoderDoes() throws {
    let values: [Double] = [0, -0.0, 1, 100, 0.1, 0.1 + 0.2, 1e-7, 1e21, 123_456_789.125, -3.5]
    let ours = try Interchange.string(values)
    let theirs = String(decoding: try Interchange.encoder().encode(values), as: UTF8.self)
    #expect(ours == theirs)
  }
}

@Suite("JSON interchange: dates") struct DateJSONTests {
  @Test(
    arguments: [
      (1_795_287_606.05, "2026-11-21T19:00:06.050Z"), (1_795_287_600, "2026-11-21T19:00:00.000Z"),
      (1_795_287_600.9996, "2026-11-21T19:00:01.000Z"), (0.001, "1970-01-01T00:00:00.001Z"),
      (-0.25, "1969-12-31T23:59:59.750Z"),
    ] as [(Double, String)])
  func datesAreWrittenToTheNearestMillisecond(seconds: Double, text: String) throws {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(Interchange.formatDate(date) == text)
    let parsed = try #require(Interchange.parseDate(text))
    #expect(Interchange.formatDate(parsed) == text)
  }

  @Test func sessionTimesPrintAsWritten() {
    let startedAt = Date(timeIntervalSince1970: 1_795_287_600)
    for hundredths in 0..<10_000 {
      let t = Double(hundredths) / 100
      let expected = Interchange.formatDate(Date(timeIntervalSince1970: 1_795_287_600 + t))
      #expect(Interchange.formatDate(startedAt.addingTimeInterval(t)) == expected)
      #expect(
        expected.hasSuffix(String(hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)0Z"))
    }
  }
}
