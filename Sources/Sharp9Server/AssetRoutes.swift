import Foundation
import HTTPTypes
import Hummingbird

/// The pages and their scripts and styles, served from ``EmbeddedAssets`` only: a URL path is a
/// key into that table, never a file name, so no request reaches the file system.
enum AssetRoutes {
  static func add(to router: Router<some RequestContext>) {
    router.get("/") { _, _ in try page("index.html") }
    router.get("/sessions/:id") { _, _ in try page("session.html") }
    router.get("/assets/:name") { _, context in
      try page(try context.parameters.require("name"))
    }
  }

  /// What a page may load: its own scripts, styles, media and (data:) icons, nothing from
  /// outside, no inline script, no plugins, no framing by another site.
  static let contentSecurityPolicy: String =
    "default-src 'self'; media-src 'self' blob:; img-src 'self' data:; object-src 'none'; "
    + "base-uri 'none'; frame-ancestors 'none'"

  private static func page(_ name: String) throws -> Response {
    guard let asset = EmbeddedAssets.all[name] else {
      throw APIFailure(.notFound, "no such page")
    }
    return APIResponse.bytes(
      asset.bytes, type: asset.contentType,
      headers: [.contentSecurityPolicy: contentSecurityPolicy])
  }
}

/// One embedded file.
struct EmbeddedAsset: Sendable {
  /// The file's bytes.
  var bytes: [UInt8]

  /// Decodes the generated base64 text.
  init(base64: String) {
    bytes = Data(base64Encoded: base64, options: .ignoreUnknownCharacters).map { [UInt8]($0) } ?? []
  }
}

extension EmbeddedAsset {
  /// Nothing but these types is served.
  static let types = [
    "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8", "svg": "image/svg+xml",
  ]
}

extension EmbeddedAssets {
  /// The assets by name, with their content types.
  static let all: [String: (bytes: [UInt8], contentType: String)] = Dictionary(
    uniqueKeysWithValues: files.map { name, asset in
      let type = EmbeddedAsset.types[String(name.split(separator: ".").last ?? "")]
      return (name, (asset.bytes, type ?? "application/octet-stream"))
    })
}
