import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `sharp9 serve` (or any long-running `sharp9` command) run as a real process, its output in
/// files, killed when released if it is still running: a test that expects an exit never hangs.
final class ServeProcess {
  let process: Process
  private let output: URL
  private let errors: URL

  /// Starts `sharp9 <arguments>` from `cli` (its `--db` appended unless `database: false`).
  init(_ cli: StoreCLI, _ arguments: [String], database: Bool = true) throws {
    output = cli.directory.appending(path: "serve-\(UUID().uuidString).out")
    errors = cli.directory.appending(path: "serve-\(UUID().uuidString).err")
    for file in [output, errors] { try Data().write(to: file) }
    process = cli.process(arguments, database: database)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// What it printed on standard output and standard error so far.
  var stdout: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
  var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

  /// The token of the URL `serve` printed (call ``port(timeout:)`` first).
  var token: String {
    stdout.split(separator: "\n").first { $0.contains("?token=") }
      .map { String($0.split(separator: "?token=").last ?? "") } ?? ""
  }

  /// The port of the URL `serve` (or, with `announcing: "sharp9 app"`, `app`) prints, waiting up
  /// to `timeout` for it.
  func port(
    announcing what: String = "sharp9 inspector", timeout: Duration = .seconds(30)
  ) async throws -> Int {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    let prefix = "\(what) at http://127.0.0.1:"
    // Looked at once more after the deadline: a test process whose task was not scheduled for
    // the whole timeout (a full suite on two cores) must not miss a URL printed meanwhile.
    var lastLook = false
    while !lastLook {
      lastLook = clock.now >= deadline || !process.isRunning
      if let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
        let port = Int(line.dropFirst(prefix.count).prefix { $0.isNumber })
      {
        return port
      }
      if !lastLook { try await Task.sleep(for: .milliseconds(20)) }
    }
    Issue.record("serve printed no URL; stderr: \(stderr)")
    throw CancellationError()
  }

  /// Waits up to `timeout` for the process to end; how long it took, or nil if it is running.
  func waitForExit(timeout: Duration) async throws -> Duration? {
    let clock = ContinuousClock()
    let start = clock.now
    while process.isRunning {
      if clock.now - start > timeout { return nil }
      try await Task.sleep(for: .milliseconds(10))
    }
    return clock.now - start
  }

  /// The exit status, waiting up to `timeout`; nil while it still runs (or if a signal ended it).
  func exitStatus(within timeout: Duration) async throws -> Int32? {
    guard try await waitForExit(timeout: timeout) != nil, process.terminationReason == .exit
    else { return nil }
    return process.terminationStatus
  }

  /// Sends `signal` to the process.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }
}

/// A plain HTTP/1.1 connection to 127.0.0.1, for a response that stays open (server-sent events).
final class LoopbackConnection {
  private let socket: Int32

  /// Connects to `port` and sends `GET path`.
  convenience init(port: Int, get path: String) throws {
    try self.init(port: port, send: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
  }

  /// Connects to `port` and sends `request` as it is (a request may be left unfinished).
  init(port: Int, send request: String) throws {
    #if canImport(Glibc)
      socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      throw POSIXError(.ECONNREFUSED)
    }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    _ = request.utf8CString.withUnsafeBufferPointer {
      send(socket, $0.baseAddress, $0.count - 1, 0)
    }
  }

  deinit { close(socket) }

  /// Reads `count` bytes, or fewer when the connection ends or 5 s pass without data.
  func read(bytes count: Int) -> [UInt8] {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: count)
    while received.count < count {
      let got = recv(socket, &buffer, count - received.count, 0)
      if got <= 0 { break }
      received += buffer[0..<got]
    }
    return received
  }

  /// Sends `bytes` as they are.
  func write(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBufferPointer { send(socket, $0.baseAddress, $0.count, 0) }
  }

  /// Reads until the text received contains `marker`, the connection ends, or 5 s pass without
  /// data; all that was received.
  func read(until marker: String? = nil) -> (text: String, ended: Bool) {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    // A stream that keeps sending without the marker (server-sent events) must not hold the test
    // forever: 30 s in all, then what came is the answer.
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count == 0 { return (String(decoding: received, as: UTF8.self), true) }
      if count < 0 { return (String(decoding: received, as: UTF8.self), false) }
      received += buffer[0..<count]
      if let marker, String(decoding: received, as: UTF8.self).contains(marker) {
        return (String(decoding: received, as: UTF8.self), false)
      }
    }
    return (String(decoding: received, as: UTF8.self), false)
  }
}
