// Variant: the account coordinator asks the factory once and presents the same history on
// every start(), "it is already built"; wrong (Task 5: a screen is transient, the kept one
// shows its old state); caught by "Starting the account flow again presents a new history".

/// Runs the account flow: shows the order history over the current screen.
@MainActor
final class AccountCoordinator: Coordinator {
  private let factory: any AccountFactory
  private let navigator: any Navigator
  private var history: (any Screen)?

  init(factory: any AccountFactory, navigator: any Navigator) {
    self.factory = factory
    self.navigator = navigator
  }

  func start() {
    let screen = history ?? factory.makeOrderHistory()
    history = screen
    navigator.present(screen)
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
  AccountCoordinator(factory: factory, navigator: navigator)
}
