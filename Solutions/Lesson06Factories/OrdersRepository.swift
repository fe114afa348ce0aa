import Foundation

/// One account's orders.
///
/// A repository belongs to a single account: it has no account parameter, because it
/// knows whose orders it holds.
public protocol OrdersRepository: Sendable {
  /// The account's orders, newest first.
  func orders() async throws -> [Order]
}

/// Loads an account's orders from the backend once and keeps them for the session.
///
/// Its cache is per-account state. Build a new repository when the account changes;
/// reusing this one would show the previous account's orders.
public actor RemoteOrdersRepository: OrdersRepository {
  /// The account whose orders this repository holds.
  public nonisolated let account: Account
  private let client: any HTTPClient
  private var cached: [Order]?

  /// Creates a repository for `account`, loading through `client`.
  public init(account: Account, client: any HTTPClient) {
    self.account = account
    self.client = client
  }

  public func orders() async throws -> [Order] {
    if let cached { return cached }
    let data = try await client.get("/accounts/\(account.id)/orders")
    let orders = try JSONDecoder().decode([Order].self, from: data)
    cached = orders
    return orders
  }
}
