import Foundation
import Testing

@testable import Sharp9Audio

/// The keyboard strip's analysis on a decoded song: a chord's notes at the playhead, nothing in
/// silence or outside the song, the same answer for the same frame.
@Suite struct PlayheadNotesTests {
  @Test func theChordAtThePlayheadIsHeardAndSilenceIsNot() throws {
    // One second of silence, then two seconds of a C major triad (piano-like).
    let chord = NoteSynth.render([60, 64, 67], .piano, seconds: 2)
    let samples = [Float](repeating: 0, count: Int(NoteSynth.rate)) + chord
    let url = try RenderFixture.directory().appending(path: "chord.wav")
    try RenderFixture.write(url, sampleRate: Int(NoteSynth.rate), frames: samples.count) {
      frame, _ in samples[frame]
    }
    let notes = try PlayheadNotes(audio: try DecodedAudio(url: url))
    #expect(notes.notes(atSec: 1.5).midiNotes == [60, 64, 67])
    #expect(notes.notes(atSec: 1.5) == notes.notes(atSec: 1.5))
    #expect(notes.notes(atSec: 0.4).isEmpty)
    #expect(notes.notes(atSec: -5).isEmpty)
    #expect(notes.notes(atSec: 99).isEmpty)
    #expect(notes.notes(atSec: .nan).isEmpty)
    #expect(notes.notes(atSec: 2.5).transposed(bySemitones: -2).midiNotes == [58, 62, 65])
  }
}
