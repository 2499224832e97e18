import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An HTTP/1.1 request written byte for byte to a socket: for what a client library would tidy
/// (an absolute-form request line).
enum RawHTTP {
  struct Failure: Error {}

  /// Sends `request` to 127.0.0.1:`port`; the answers, until the server closes.
  static func send(_ request: String, port: Int) throws -> String {
    try send(bytes: Array(request.utf8), port: port)
  }

  /// Sends `bytes` to 127.0.0.1:`port`, then, with `halfClose`, ends the sending side (a body
  /// shorter than its `Content-Length` then ends where a client that went away would leave it);
  /// the answers, until the server closes.
  static func send(bytes: [UInt8], port: Int, halfClose: Bool = false) throws -> String {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw Failure() }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Failure() }
    // No SIGPIPE if the server has closed: its answers are read below.
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
      let sendOn = Glibc.send
    #else
      var on: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      let flags: Int32 = 0
      let sendOn = Darwin.send
    #endif
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes { sendOn(fd, $0.baseAddress, $0.count, flags) }
      // A server that refused by the headers may close before the body is all written.
      guard written > 0 else { break }
      sent += written
    }
    if halfClose { shutdown(fd, Int32(SHUT_WR)) }
    // Everything until the server closes (or 30 s pass without data: a whole suite on two cores
    // once kept a server from answering for 5): pipelined answers too.
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while received.count < 1 << 20 {
      let count = read(fd, &buffer, buffer.count)
      if count <= 0 { break }
      received += buffer.prefix(count)
    }
    return String(decoding: received, as: UTF8.self)
  }
}
