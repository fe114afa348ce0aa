/// The services the account's screens need, and nothing else.
///
/// Its ``orders`` belong to one account, so whoever provides them must provide new ones
/// when the account changes.
@MainActor
public protocol AccountDependencies {
  /// The current account's orders.
  var orders: any OrdersRepository { get }
  /// Where the account's screens count what customers do.
  var analytics: any AnalyticsTracker { get }
}

/// Builds the account feature's screens, each one fresh and fully wired.
///
/// One factory per feature keeps each small and lets teams change a feature's screens
/// without touching another's.
@MainActor
public protocol AccountFactory {
  /// Builds the current account's order history.
  ///
  /// - Returns: A new screen.
  func makeOrderHistory() -> any Screen
}

/// The account feature's module factory. Someone started it; so far it wires nothing.
@MainActor
final class AccountModuleFactory: AccountFactory {
  init(dependencies: any AccountDependencies) {}

  func makeOrderHistory() -> any Screen {
    // TODO: Task 5 — the history needs the services this factory was given.
    let viewModel = OrderHistoryViewModel(repository: Unwired(task: 5), analytics: Unwired(task: 5))
    return OrderHistoryScreen(viewModel: viewModel)
  }
}

/// Makes the account feature's module factory.
///
/// - Parameter dependencies: The services the account's screens get.
/// - Returns: A factory that builds a new screen on every call.
@MainActor
public func makeAccountFactory(dependencies: any AccountDependencies) -> any AccountFactory {
  AccountModuleFactory(dependencies: dependencies)
}
