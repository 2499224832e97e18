import Foundation
import HTTPTypes
import Hummingbird
import Sharp9Domain
import Sharp9Words

/// Building the API's responses: JSON text as the CLI writes it, failures as `{"error": "…"}`.
enum APIResponse {
  /// `text` as JSON.
  static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status,
      headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }

  /// `value` as JSON, keys in declaration order (``Interchange/string(_:pretty:)``).
  static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    json(try Interchange.string(value), status: status)
  }

  /// `value` exactly as the CLI's `--json` prints it: one line (``ReportJSON/line(_:)``).
  static func line(_ value: some Encodable) throws -> Response {
    json(try ReportJSON.line(value) + "\n")
  }

  /// A failure with one sentence saying why.
  static func failure(_ status: HTTPResponse.Status, _ message: String) -> Response {
    let text = (try? Interchange.string(APIShapes.Failure(error: message))) ?? "{}"
    return json(text, status: status)
  }

  /// Bytes with a content type.
  static func bytes(
    _ data: some Sequence<UInt8>, type: String, headers extra: HTTPFields = [:]
  ) -> Response {
    var headers: HTTPFields = [.contentType: type, .cacheControl: "no-store"]
    headers.append(contentsOf: extra)
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }
}

/// A request the API refuses, with its status and reason.
struct APIFailure: Error {
  var status: HTTPResponse.Status
  var message: String

  init(_ status: HTTPResponse.Status, _ message: String) {
    self.status = status
    self.message = message
  }
}
