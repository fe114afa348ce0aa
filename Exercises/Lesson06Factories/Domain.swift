/// A product the shop sells.
public struct Product: Identifiable, Hashable, Codable, Sendable {
  /// The catalog's identifier, stable across launches.
  public let id: String
  /// The name shown to customers.
  public let name: String
  /// The price in the smallest unit of the market's currency.
  public let priceInCents: Int

  /// Creates a product.
  public init(id: String, name: String, priceInCents: Int) {
    self.id = id
    self.name = name
    self.priceInCents = priceInCents
  }
}

/// An order an account placed.
public struct Order: Identifiable, Hashable, Codable, Sendable {
  /// The order number.
  public let id: String
  /// What the order cost, in the smallest unit of the currency.
  public let totalInCents: Int

  /// Creates an order.
  public init(id: String, totalInCents: Int) {
    self.id = id
    self.totalInCents = totalInCents
  }
}

/// A signed-in customer. The app has one current account at a time and can switch.
public struct Account: Identifiable, Hashable, Sendable {
  /// The backend's identifier, used in request paths.
  public let id: String
  /// The name shown in the app.
  public let name: String

  /// Creates an account.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}

/// Where the app is sold. Some screens differ per market.
public enum Market: String, Sendable, CaseIterable {
  /// The United States, where the shop tries its redesigned product page.
  case us
  /// The European Union, which keeps the classic product detail.
  case eu
}
