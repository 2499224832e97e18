import Foundation
import Sharp9Domain

/// Why a session that listened back to a take cannot be rendered: the take's audio is not
/// available to the renderer (no take library was given, or the file is not in it).
public struct ListenedTakeUnavailable: Error, Equatable, Sendable {
  /// The take's SHA-256.
  public var sha256: String
}

/// Listening back in the renderer: which take is chosen, where its lines start and end (the
/// rules are ``TakePlayback``'s), and the balance. Runs on the live engine's audio thread except
/// ``setTakeMix(take:balance:)``, the offline renderer's own way in, which decodes.
extension SessionRenderer {
  /// Chooses the take to hear (decoded through ``takeAudio`` once per take) and the balance, at
  /// the current frame. A take that cannot be found makes the next ``advance(toWallSec:)``
  /// throw: the render would not be what was heard.
  public func setTakeMix(take: TakeRecording?, balance: Double) {
    var sound: TakeSound?
    if let take {
      do {
        if take.playedAt != nil { try prepareTakeVoices() }
        let audio = try ownedTakes[take.sha256] ?? decodeTake(take)
        ownedTakes[take.sha256] = audio
        var changes: PlayedAtChangeBuffer?
        if !take.playedAtChanges.isEmpty {
          changes = ownedChanges[take] ?? PlayedAtChangeBuffer(take.playedAtChanges)
          ownedChanges[take] = changes
        }
        sound = TakeSound(audio, playedAt: take.playedAt, changes: changes)
      } catch {
        takeFailure = error
        return
      }
    }
    applyTakeMix(sound, isPassTake: take?.pass != nil, balance: balance)
  }

  private func decodeTake(_ take: TakeRecording) throws -> DecodedAudio {
    guard let takeAudio else { throw ListenedTakeUnavailable(sha256: take.sha256) }
    return try TakeSound.checked(takeAudio(take), songRate: format.sampleRate)
  }

  /// Chooses `sound` (nil: the song alone) and moves the levels to `balance`'s, at the current
  /// frame. Allocation-free: the live engine's audio thread calls it.
  func applyTakeMix(_ sound: TakeSound?, isPassTake: Bool, balance: Double) {
    chooseTake(sound, isPassTake: isPassTake)
    let levels = TakeListening.levels(balance: balance)
    takes.setLevels((Float(levels.song), Float(levels.take)), at: cursor, length: curve.length)
  }

  /// Starts or ends the take's line where `segment` begins (``TakePlayback``'s rules).
  func followTakeLine(_ segment: TimelineSegment) {
    let frame = self.frame(atWallSec: segment.wallStartSec)
    let countInEnded = wasCountingIn && segment.countIn == nil
    wasCountingIn = segment.countIn != nil
    let moving = segment.isPlaying || segment.countIn != nil
    // `if let`, not `?.aSec ==`: the generic Optional `==` instantiates metadata on the audio
    // thread in a debug build.
    var atA = false
    if let loop = timeline.activeLoop { atA = loop.aSec == segment.sourceStartSec }
    switch segment.start {
    case .continued, .sessionStart, .loop: return
    case .speed, .pitch: retuneTakeLine(at: frame, segment)
    case .wrap: startTakeLine(at: frame, segment)
    case .play:
      // The count-in's end is marked as a play, but the line began with the count-in.
      if countInEnded { return }
      if moving && (atA || !takes.isPassTake) {
        startTakeLine(at: frame, segment)
      } else {
        endTakeLine(at: frame)
      }
    case .seek, .capture:
      if moving && atA && takes.isPassTake {
        startTakeLine(at: frame, segment)
      } else {
        endTakeLine(at: frame)
      }
    case .pause, .end, .passesDone, .load: endTakeLine(at: frame)
    }
  }
}
