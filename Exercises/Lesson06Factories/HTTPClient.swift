import Foundation

/// Sends requests to the shop's backend and returns the raw response body.
///
/// It keeps no state between requests, so one client can serve the whole app.
public protocol HTTPClient: Sendable {
  /// Fetches the body at `path`, for example `/products`.
  ///
  /// - Parameter path: The path below the backend's base URL.
  /// - Returns: The response body.
  /// - Throws: ``HTTPError`` or a transport error.
  func get(_ path: String) async throws -> Data
}

/// A request the backend did not answer with a body.
public enum HTTPError: Error, Equatable, CustomStringConvertible {
  /// Nothing lives at this path.
  case notFound(path: String)

  public var description: String {
    switch self {
    case .notFound(let path): "The backend has nothing at \(path)."
    }
  }
}

/// An in-memory backend with a few products and orders, for demos and previews.
///
/// It answers the same paths as the real backend, so every service built on an
/// ``HTTPClient`` runs unchanged against it, without a network.
public struct DemoHTTPClient: HTTPClient {
  private let products = [
    Product(id: "kbd", name: "Keyboard", priceInCents: 89_00),
    Product(id: "mug", name: "Mug", priceInCents: 12_00),
  ]

  /// Creates the demo backend.
  public init() {}

  public func get(_ path: String) async throws -> Data {
    let encoder = JSONEncoder()
    if path == "/products" { return try encoder.encode(products) }
    let parts = path.split(separator: "/").map(String.init)
    if parts.count == 3, parts[0] == "products", parts[2] == "stock" {
      return try encoder.encode(StockLevel(available: parts[1].count))
    }
    if parts.count == 3, parts[0] == "accounts", parts[2] == "orders" {
      return try encoder.encode([Order(id: "\(parts[1])-1", totalInCents: 101_00)])
    }
    throw HTTPError.notFound(path: path)
  }
}
