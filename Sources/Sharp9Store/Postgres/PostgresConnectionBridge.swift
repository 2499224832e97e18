import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// One PostgreSQL connection used synchronously: the ``EventLog`` protocol is synchronous (as
/// SQLite is), postgres-nio is asynchronous, and this is the one place where the two meet.
///
/// The connection runs on an event loop of its own group (``eventLoopGroup``, one thread for
/// every PostgreSQL store of the process); each call sends its statement there and blocks the
/// calling thread on the future. That is safe only off that event loop, which the bridge checks:
/// the loop never runs caller code, so it cannot wait on itself. No Dispatch, no detached task.
/// A caller on Swift's cooperative pool (the server) blocks one pool thread for the statement's
/// round trip, as a SQLite call blocks it for the disk.
///
/// Not `Sendable`: one connection per store, one store per task, like SQLite's ``Database``.
final class PostgresConnectionBridge {
  /// The event loops of every PostgreSQL connection in the process: one thread, started on first
  /// use and never shut down (it idles when no connection is open).
  static let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)
  /// The thread every COPY of the process runs its async calls on, started on first use.
  static let copyThread = JobThread(name: "sharp9 postgres copy")

  private let connection: PostgresConnection
  /// postgres-nio logs to this: nowhere (errors reach callers as ``PostgresError``).
  private let logger = Logger(label: "sharp9.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
  /// What the connection is to, for errors.
  let target: String

  /// Connects and authenticates.
  ///
  /// - Throws: ``PostgresError`` when the server cannot be reached or refuses the login.
  init(configuration: PostgresConnection.Configuration, target: String) throws {
    self.target = target
    let eventLoop = Self.eventLoopGroup.next()
    connection = try Self.wait(operation: "connect to \(target)") {
      PostgresConnection.connect(
        on: eventLoop, configuration: configuration, id: 1,
        logger: Logger(label: "sharp9.postgres", factory: { _ in SwiftLogNoOpLogHandler() }))
    }
  }

  deinit { try? answer("close") { connection.close() } }

  /// Runs one statement with bound values and returns all its rows.
  ///
  /// - Throws: ``PostgresError``.
  @discardableResult
  func query(_ query: PostgresQuery, _ operation: @autoclosure () -> String) throws
    -> PostgresQueryResult
  {
    try answer(operation()) { connection.query(query, logger: logger) }
  }

  /// Runs one statement of SQL text without bound values (transaction control, DDL); returns its
  /// rows. Through the same extended protocol as ``query(_:_:)``: postgres-nio's simple-query
  /// path never completed its future once the server was gone (seen in the crash test).
  @discardableResult
  func simpleQuery(_ sql: String, _ operation: @autoclosure () -> String) throws -> [PostgresRow] {
    try query(PostgresQuery(unsafeSQL: sql), operation()).rows
  }

  /// Runs `COPY table (columns) FROM STDIN` in binary format while `produce` makes the data: each
  /// buffer `produce` hands to its argument goes to the server at once, so the server stores rows
  /// while this thread makes the next ones (the import's two halves on the machine's two cores).
  /// `table` and `columns` are spliced into the statement: pass names, never input.
  ///
  /// - Throws: what `produce` throws (the COPY is then failed, storing nothing), or
  ///   ``PostgresError`` (a row the server refuses fails the whole COPY).
  func copy(
    into table: String, columns: [String], _ operation: @autoclosure () -> String,
    produce: (@escaping (ByteBuffer) -> Void) throws -> Void
  ) throws {
    let (connection, logger) = (connection, logger)
    // The COPY's write happens later, in its task: a connection already gone is caught here.
    guard !connection.isClosed else { throw Self.closed(operation()) }
    // postgres-nio 1.33 writes only `COPY "<table>" FROM STDIN WITH (FORMAT text)`: the table
    // argument closes its quotes, names the columns and the binary format, and comments out the
    // rest (a library that changes the statement's shape fails the COPY tests, never silently).
    let statement =
      "\(table)\" (\(columns.joined(separator: ", "))) FROM STDIN WITH (FORMAT binary) --"
    let (chunks, sink) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
    var produced: Result<Void, any Error> = .success(())
    do {
      try answer(operation()) {
        // The COPY API is async: its task runs on a thread of its own (never the cooperative
        // pool, where callers blocked on their own COPYs would starve it), and this thread makes
        // the rows, then waits for the task as for any statement.
        let done = connection.eventLoop.makePromise(of: Void.self)
        Task(executorPreference: Self.copyThread) {
          do {
            try await connection.copyFrom(table: statement, logger: logger) { writer in
              for try await chunk in chunks { try await writer.write(chunk) }
            }
            done.succeed(())
          } catch {
            done.fail(error)
          }
        }
        produced = Result { try produce { sink.yield($0) } }
        if case .failure(let error) = produced {
          sink.finish(throwing: error)
        } else {
          sink.finish()
        }
        return done.futureResult
      }
    } catch {
      // The producer's own failure explains the failed COPY better than its echo from the task.
      try produced.get()
      throw error
    }
    try produced.get()
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  func transaction<Result>(_ operation: String, _ body: () throws -> Result) throws -> Result {
    try simpleQuery("BEGIN", operation)
    let result: Result
    do {
      result = try body()
    } catch {
      if !connection.isClosed { _ = try? simpleQuery("ROLLBACK", operation) }
      throw error
    }
    try simpleQuery("COMMIT", operation)
    return result
  }

  /// Blocks this thread until `start`'s future completes, or fails when the connection is gone:
  /// postgres-nio drops a statement written on a closed connection (`channel.write` with no
  /// promise) and its future never completes, so without this a store whose server was killed
  /// hung its caller for good (test-sync-faults.sh: every request of `sharp9 serve` waited forever
  /// after PostgreSQL was SIGKILLed; a CI run's PostgresCrashTests writer likewise). The first
  /// check runs on the connection's event loop after the statement's write (writes from other
  /// threads go there in order), so it sees the state that write saw; then, while unanswered, every
  /// ``closedCheck``, should a connection that took the statement close without failing it.
  /// Whichever completes the answer first wins.
  private func answer<Value: Sendable>(
    _ operation: @autoclosure () -> String, _ start: () -> EventLoopFuture<Value>
  ) throws -> Value {
    let connection = connection
    let operation = operation()
    return try Self.wait(operation: operation) {
      let answered = connection.eventLoop.makePromise(of: Value.self)
      start().cascade(to: answered)
      connection.eventLoop.execute {
        if connection.isClosed { answered.fail(Self.closed(operation)) }
      }
      let watchdog = connection.eventLoop.scheduleRepeatedTask(
        initialDelay: Self.closedCheck, delay: Self.closedCheck
      ) { task in
        guard connection.isClosed else { return }
        task.cancel()
        answered.fail(Self.closed(operation))
      }
      // A last resort: a statement unanswered for ``answerDeadline`` on a connection that looks
      // open (the fault run saw statements wait with their backends idle, cause not found) fails,
      // and the connection is closed so that the store's owner connects anew.
      let deadline = connection.eventLoop.scheduleTask(in: Self.answerDeadline) {
        answered.fail(Self.unanswered(operation))
        let _: EventLoopFuture<Void> = connection.close()
      }
      answered.futureResult.whenComplete { _ in
        watchdog.cancel()
        deadline.cancel()
      }
      return answered.futureResult
    }
  }

  /// How often a statement in flight checks that its connection is still open.
  static let closedCheck = TimeAmount.milliseconds(500)
  /// The longest a statement waits for its answer (the longest seen: a 200,000-event COPY, 3 s).
  static let answerDeadline = TimeAmount.seconds(60)

  /// The failure of a statement the server never answered (no SQLSTATE: unavailable, 503).
  private static func unanswered(_ operation: String) -> PostgresError {
    PostgresError(
      code: nil, message: "the server did not answer within 60 s", operation: operation)
  }

  /// The failure of a statement on a connection that is gone (no SQLSTATE: unavailable, 503).
  private static func closed(_ operation: String) -> PostgresError {
    PostgresError(
      code: nil, message: "the connection to the server is closed", operation: operation)
  }

  /// Blocks this thread until `start`'s future completes.
  private static func wait<Value: Sendable>(
    operation: @autoclosure () -> String, _ start: () -> EventLoopFuture<Value>
  ) throws -> Value {
    // Waiting on the loop that must complete the future would never return.
    precondition(
      MultiThreadedEventLoopGroup.currentEventLoop == nil,
      "a PostgreSQL store is synchronous: call it off the event loop")
    do {
      return try start().wait()
    } catch {
      throw PostgresError.wrapping(error, operation: operation())
    }
  }
}
