// Variant: the account coordinator keeps its factory and navigator in a small struct.
// Right: a struct around a factory is not a service; the tests look one level into it and
// find only the factory and the navigator.

/// What the account flow works with.
@MainActor
struct AccountFlowParts {
  let factory: any AccountFactory
  let navigator: any Navigator
}

/// Runs the account flow.
@MainActor
final class AccountCoordinator: Coordinator {
  private let parts: AccountFlowParts

  init(factory: any AccountFactory, navigator: any Navigator) {
    parts = AccountFlowParts(factory: factory, navigator: navigator)
  }

  func start() {
    parts.navigator.present(parts.factory.makeOrderHistory())
  }
}

/// Makes the account flow's coordinator.
@MainActor
public func makeAccountCoordinator(
  factory: any AccountFactory,
  navigator: any Navigator
) -> any Coordinator {
  AccountCoordinator(factory: factory, navigator: navigator)
}
