// Variant: see AppContainer.swift. The convenience initializer reads the global.

/// Runs the account flow: shows the order history over the current screen.
@MainActor
final class AccountCoordinator: Coordinator {
  private let factory: any AccountFactory
  private let navigator: any Navigator

  init(factory: any AccountFactory, navigator: any Navigator) {
    self.factory = factory
    self.navigator = navigator
  }

  /// Builds the flow for `account`, on the app's container found through the global.
  convenience init(account: Account, navigator: any Navigator) {
    let container = LegacyContainer.shared ?? AppContainer(configuration: .demo)
    let session = container.makeAccountSession(for: account)
    self.init(factory: AccountModuleFactory(dependencies: session), navigator: navigator)
  }

  func start() {
    navigator.present(factory.makeOrderHistory())
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
