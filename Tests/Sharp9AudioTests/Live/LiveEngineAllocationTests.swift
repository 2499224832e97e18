import CAllocationCounter
import Foundation
import Sharp9Domain
import Testing

@testable import Sharp9Audio

/// The audio path's steady state allocates nothing: commands, loop wraps, trainer steps and the
/// stop after the last pass, seeks, speed and pitch changes, fades, meters, the tee and the input capture, counted by a malloc interposer on the rendering thread.
@Suite struct LiveEngineAllocationTests {
  /// Plays 1,200 callbacks of 256 frames with the counter on, calling `step` with the engine
  /// and the callback's number before each (commands sent there take effect at the reserved
  /// frame); returns the allocations counted and the loudest left peak reported. With
  /// `countsSteps` false, `step` (the control side) is left out of the count: choosing a take
  /// decodes it there, which is the point of doing it there.
  static func countAllocations(
    takeAudio: ((TakeRecording) throws -> DecodedAudio)? = nil, countsSteps: Bool = true,
    _ step: (LiveEngine, Int) -> Void
  ) throws -> (allocations: Int, peak: Float) {
    let audio = try DecodedAudio(url: try LiveEngineTests.source())
    let frames = 256
    // A duplex device's input goes through the capture ring too (10 s: it is never read here).
    let engine = try LiveEngine(
      audio: audio, framesPerCallback: frames, teeSeconds: 20,
      input: InputCapture(channels: 2, sampleRate: audio.format.sampleRate, seconds: 10),
      takeAudio: takeAudio)
    let output = UnsafeMutablePointer<Float>.allocate(capacity: frames * 2)
    defer { output.deallocate() }
    let input = UnsafeMutablePointer<Float>.allocate(capacity: frames * 2)
    defer { input.deallocate() }
    input.initialize(repeating: 0.25, count: frames * 2)
    _ = try engine.load(url: audio.url)
    engine.reserveFrame()
    engine.play()
    engine.render(into: output, frames: frames)

    sharp9_allocations_begin()
    var peak: Float = 0
    var counted = 0
    for callback in 0..<1_200 {
      if !countsSteps { counted += sharp9_allocations_end() }
      step(engine, callback)
      if !countsSteps { sharp9_allocations_begin() }
      engine.render(into: output, frames: frames, input: input)
      engine.drainReports { peak = max(peak, $0.peakLeft) }
    }
    return (counted + sharp9_allocations_end(), peak)
  }

  @Test(.enabled(if: sharp9_allocations_supported() == 1))
  func renderingThroughWrapsSeeksAndChangesAllocatesNothing() throws {
    let (allocations, peak) = try Self.countAllocations { engine, callback in
      switch callback {
      case 10:
        engine.reserveFrame()
        engine.setLoop(aSec: 0.3, bSec: 0.6, enabled: true)
        // Trainer steps at wraps, then a stop after the last pass (the play at 760 resumes).
        engine.setLoopPractice(
          LoopPractice(
            passLimit: 40,
            trainer: SpeedTrainer(
              startSpeed: 1, step: 0.05, everyPasses: 2, targetSpeed: 1.3, onStop: .hold)))
      case 200:
        engine.reserveFrame()
        engine.setRate(0.6)
      case 300:
        engine.reserveFrame()
        engine.setPitchSemitones(-5)
      case 500:
        engine.reserveFrame()
        engine.seek(toSec: 4)
        engine.setLoop(aSec: 0.3, bSec: 0.6, enabled: false)
      case 700:
        engine.reserveFrame()
        engine.pause()
      case 760:
        engine.reserveFrame()
        engine.setRate(1.7)
        engine.play()
      default: break
      }
    }
    // Counts the debug build too (the build the tests run): there an array's `for … in`,
    // `contains`, `first` or `reduce` goes through the generic iterator, whose read coroutine
    // mallocs its frame per element, so audio-path loops index their arrays.
    #expect(allocations == 0)
    #expect(peak > 0.1, "the engine must have played")
  }

  /// The metronome, count-ins before every pass, and grids swapped while playing: the grid is
  /// copied into a preallocated buffer on the calling thread, the audio thread only switches
  /// views.
  @Test(.enabled(if: sharp9_allocations_supported() == 1))
  func clicksCountInsAndGridChangesAllocateNothing() throws {
    let grid = BeatGrid.constant(tempo: 150, anchorSec: 0, durationSec: 6)
    let shifted = grid.shifted(by: 0.01, durationSec: 6)
    let clicks = ClickSettings(
      metronomeLevel: 0.5, countInLevel: 0.5, countInBeats: 2, countInEveryPass: true,
      beatSec: 0.4)
    let (allocations, peak) = try Self.countAllocations { engine, callback in
      switch callback {
      case 5:
        engine.reserveFrame()
        engine.setBeatGrid(grid)
        engine.setClicks(clicks)
        engine.setLoop(aSec: 0.3, bSec: 0.9, enabled: true)
      case 300:
        engine.reserveFrame()
        engine.setBeatGrid(shifted)
        engine.setRate(0.7)
      case 600:
        engine.reserveFrame()
        engine.pause()
      case 610:
        engine.reserveFrame()
        engine.setBeatGrid(nil)
        engine.play()
      case 900:
        engine.reserveFrame()
        engine.setBeatGrid(grid)
      default: break
      }
    }
    #expect(allocations == 0)
    #expect(peak > 0.1, "the engine must have played")
  }

  @Test(.enabled(if: sharp9_allocations_supported() == 1))
  func theCounterSeesAnAllocation() {
    sharp9_allocations_begin()
    let array = [Int](repeating: 1, count: Int.random(in: 100...200))
    let allocations = sharp9_allocations_end()
    #expect(array.count >= 100)
    #expect(allocations >= 1)
  }
}
