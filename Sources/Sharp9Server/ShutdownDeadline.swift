import ServiceLifecycle

/// Calls `expired` ``InspectorServer/shutdownLimit`` after a graceful shutdown began (SIGTERM,
/// Ctrl-C), so ``InspectorServer/run(onRunning:)`` returns then even while work that cannot be
/// cancelled still runs (a render or a verify on a thread of its own, which no cancellation
/// reaches): the process exits and ends it. A stopped server must not wait on a render of minutes.
struct ShutdownDeadline: Service {
  let expired: @Sendable () -> Void

  func run() async throws {
    do {
      try await gracefulShutdown()
    } catch {
      return  // cancelled: the group ends for another reason (a port in use), not on a signal
    }
    let expired = expired
    Task {
      try? await Task.sleep(for: InspectorServer.shutdownLimit)
      expired()
    }
  }
}
