/// The current account's past orders.
@MainActor
public final class OrderHistoryScreen: Screen {
  /// The screen's state and actions.
  public let viewModel: OrderHistoryViewModel
  public let title = "Your orders"

  /// Creates the screen around its view model.
  public init(viewModel: OrderHistoryViewModel) {
    self.viewModel = viewModel
  }
}

/// Loads the account's orders.
@MainActor
public final class OrderHistoryViewModel {
  /// What the history shows.
  public enum State: Equatable, Sendable {
    /// Nothing asked yet.
    case idle
    /// Waiting for the repository.
    case loading
    /// The orders, at least one.
    case loaded([Order])
    /// The account has no orders.
    case empty
    /// Loading failed; the text says why.
    case failed(String)
  }

  /// What the history shows now.
  public private(set) var state = State.idle
  private let repository: any OrdersRepository
  private let analytics: any AnalyticsTracker

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - repository: The current account's orders.
  ///   - analytics: Where views are counted.
  public init(repository: any OrdersRepository, analytics: any AnalyticsTracker) {
    self.repository = repository
    self.analytics = analytics
  }

  /// The orders loaded so far; empty until ``load()`` succeeds.
  public var orders: [Order] {
    if case .loaded(let orders) = state { return orders }
    return []
  }

  /// Counts the view and loads the orders.
  public func load() async {
    analytics.track(.ordersViewed)
    state = .loading
    do {
      let orders = try await repository.orders()
      state = orders.isEmpty ? .empty : .loaded(orders)
    } catch {
      state = .failed(String(describing: error))
    }
  }
}
