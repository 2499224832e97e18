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

  deinit { try? Self.wait(operation: "close") { connection.close() } }

  /// Runs one statement with bound values and returns all its rows.
  ///
  /// - Throws: ``PostgresError``.
  @discardableResult
  func query(_ query: PostgresQuery, _ operation: @autoclosure () -> String) throws
    -> PostgresQueryResult
  {
    try Self.wait(operation: operation()) {
      answered(connection.query(query, logger: logger))
    }
  }

  /// Runs one statement of SQL text without bound values (transaction control, DDL); returns its
  /// rows. Through the same extended protocol as ``query(_:_:)``: postgres-nio's simple-query
  /// path never completed its future once the server was gone (seen in the crash test).
  @discardableResult
  func simpleQuery(_ sql: String, _ operation: @autoclosure () -> String) throws -> [PostgresRow] {
    try query(PostgresQuery(unsafeSQL: sql), operation()).rows
  }

  /// Streams `chunks` (rows in COPY's text format) into `table`'s `columns` with `COPY … FROM
  /// STDIN`. `table` and `columns` are spliced into the statement: pass names, never input.
  ///
  /// - Throws: ``PostgresError`` (a row the server refuses fails the whole COPY).
  func copy(
    into table: String, columns: [String], _ chunks: [ByteBuffer],
    _ operation: @autoclosure () -> String
  ) throws {
    let (connection, logger) = (connection, logger)
    try Self.wait(operation: operation()) {
      // The COPY API is async: its task runs on a thread of its own (never the cooperative
      // pool, where callers blocked on their own COPYs would starve it), and this thread waits
      // for it as for any statement.
      let done = connection.eventLoop.makePromise(of: Void.self)
      Task(executorPreference: Self.copyThread) {
        do {
          try await connection.copyFrom(table: table, columns: columns, logger: logger) {
            writer in
            for chunk in chunks { try await writer.write(chunk) }
          }
          done.succeed(())
        } catch {
          done.fail(error)
        }
      }
      return answered(done.futureResult)
    }
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

  /// `future`, failed as soon as the connection is closed (checked every ``closedCheck``) if the
  /// server has not answered by then: postgres-nio does not always complete a statement in
  /// flight when the server goes away (the crash test hung for good on a writer whose server,
  /// backends and all, had been SIGKILLed), and a caller waiting on it would wait forever.
  private func answered<Value: Sendable>(_ future: EventLoopFuture<Value>) -> EventLoopFuture<Value>
  {
    let answer = future.eventLoop.makePromise(of: Value.self)
    let connection = connection
    let watchdog = future.eventLoop.scheduleRepeatedTask(
      initialDelay: Self.closedCheck, delay: Self.closedCheck
    ) { task in
      guard connection.isClosed else { return }
      task.cancel()
      answer.fail(ConnectionClosedUnanswered())
    }
    future.whenComplete { result in
      watchdog.cancel()
      answer.completeWith(result)
    }
    return answer.futureResult
  }

  /// How often a statement in flight checks that its connection is still open.
  static let closedCheck = TimeAmount.milliseconds(500)

  /// The connection closed while a statement waited for its answer.
  struct ConnectionClosedUnanswered: Error, CustomStringConvertible {
    var description: String { "the connection closed before the server answered" }
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
