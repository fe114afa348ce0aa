import Foundation

/// What the catalog screens need from the backend.
public protocol CatalogService: Sendable {
  /// The products on sale.
  func products() async throws -> [Product]
  /// How many items of a product are in stock.
  func stock(of productID: Product.ID) async throws -> Int
}

/// The body of `/products/<id>/stock`.
public struct StockLevel: Codable, Hashable, Sendable {
  /// Items ready to ship.
  public let available: Int

  /// Creates a stock level.
  public init(available: Int) {
    self.available = available
  }
}

/// A catalog that asks the backend every time. It keeps no state, so one is enough.
public struct RemoteCatalogService: CatalogService {
  private let client: any HTTPClient

  /// Creates a catalog that talks to the backend through `client`.
  public init(client: any HTTPClient) {
    self.client = client
  }

  public func products() async throws -> [Product] {
    try JSONDecoder().decode([Product].self, from: await client.get("/products"))
  }

  public func stock(of productID: Product.ID) async throws -> Int {
    let data = try await client.get("/products/\(productID)/stock")
    return try JSONDecoder().decode(StockLevel.self, from: data).available
  }
}
