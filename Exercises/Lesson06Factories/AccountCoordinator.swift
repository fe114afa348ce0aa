/// Runs the account flow: shows the order history over the current screen.
@MainActor
final class AccountCoordinator: Coordinator {
  private let navigator: any Navigator

  init(navigator: any Navigator) {
    self.navigator = navigator
  }

  func start() {
    // TODO: Task 5 — ask a factory for this screen, like the catalog flow does.
    // TODO: Task 7 — whatever app set this global last wins, not necessarily this one.
    let container = AppContainer.shared
    let viewModel = OrderHistoryViewModel(
      repository: container.orders, analytics: container.analytics)
    navigator.present(OrderHistoryScreen(viewModel: viewModel))
  }
}

/// Makes the account flow's coordinator.
///
/// - Parameters:
///   - factory: Builds every screen the flow shows.
///   - navigator: Shows them.
/// - Returns: A coordinator whose ``Coordinator/start()`` presents the order history.
@MainActor
public func makeAccountCoordinator(
  factory: any AccountFactory,
  navigator: any Navigator
) -> any Coordinator {
  // TODO: Task 5 — build the coordinator from `factory` and `navigator`.
  AccountCoordinator(navigator: navigator)
}
