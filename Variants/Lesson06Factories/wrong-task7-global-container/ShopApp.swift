// Variant: see AppContainer.swift. The root publishes its container and the account flow
// reads the published one.

/// The running app.
@MainActor
public protocol ShopApp {
  /// Shows the product list.
  func start()
  /// Shows the current account's order history.
  func showOrders()
  /// Makes `account` the current account.
  func switchAccount(to account: Account)
}

/// The composition root.
@MainActor
final class ShopCompositionRoot: ShopApp {
  private let navigator: any Navigator
  private let catalogFlow: any Coordinator

  init(configuration: AppConfiguration, navigator: any Navigator) {
    let container = AppContainer(configuration: configuration)
    AppContainer.current = container
    self.navigator = navigator
    catalogFlow = CatalogCoordinator(
      factory: CatalogModuleFactory(dependencies: container, market: configuration.market),
      navigator: navigator
    )
  }

  func start() {
    catalogFlow.start()
  }

  func showOrders() {
    guard let container = AppContainer.current else { return }
    let factory = AccountModuleFactory(dependencies: container.session)
    AccountCoordinator(factory: factory, navigator: navigator).start()
  }

  func switchAccount(to account: Account) {
    AppContainer.current?.signIn(account)
  }
}

/// Builds the whole app from `configuration`.
@MainActor
public func makeShopApp(configuration: AppConfiguration, navigator: any Navigator) -> any ShopApp {
  ShopCompositionRoot(configuration: configuration, navigator: navigator)
}
