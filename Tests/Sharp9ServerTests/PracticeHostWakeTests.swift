import Foundation
import Sharp9App
import Synchronization
import Testing

@testable import Sharp9Server

/// The practice thread takes a job when it is queued, not at its next turn: with turns ten
/// minutes apart, inputs and the shutdown are still answered within 30 s. (Before, the thread
/// slept between turns and a job waited for the sleep to end.)
@Suite struct PracticeHostWakeTests {
  @Test func aJobWakesTheThreadBetweenItsTurns() async throws {
    var options = PracticeHost.Options(
      databasePath: FileManager.default.temporaryDirectory.appending(
        path: "sharp9-wake-\(UUID().uuidString).sqlite"
      ).path,
      device: nil, framesPerCallback: 256, sharp9Version: "test")
    options.idleWait = .seconds(600)
    let host = PracticeHost(options: options)
    // Into the first wait (the thread starts with a turn, then waits).
    try await Task.sleep(for: .milliseconds(200))
    let outcome = Mutex<String?>(nil)
    // Not awaited: a job the thread never takes would never answer, and the test would hang.
    Task {
      var said = "answered"
      for _ in 0..<3 {
        do {
          try await host.send(.key(.character(" ")))
          said = "an input with no song open was taken"
        } catch is PracticeHost.NoSong {
        } catch {
          said = "\(error)"
        }
      }
      await host.shutdown()
      outcome.withLock { $0 = said }
    }
    let deadline = ContinuousClock.now + .seconds(30)
    while outcome.withLock({ $0 }) == nil, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(outcome.withLock { $0 } == "answered")
  }
}
