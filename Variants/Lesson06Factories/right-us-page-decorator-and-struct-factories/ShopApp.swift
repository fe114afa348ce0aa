// Variant: see CatalogFactory.swift; the root builds the catalog factory through
// makeCatalogFactory, so the market decides the factory once, at the root.

/// The running app, as the outside world (the scene, a test) drives it.
@MainActor
public protocol ShopApp {
  /// Shows the first screen, the product list.
  func start()
  /// Shows the current account's order history.
  func showOrders()
  /// Makes `account` the current account; screens built from now on show its data.
  func switchAccount(to account: Account)
}

/// The composition root.
@MainActor
final class ShopCompositionRoot: ShopApp {
  private let container: AppContainer
  private let navigator: any Navigator
  private let catalogFlow: any Coordinator
  private var accountFlow: any Coordinator

  init(configuration: AppConfiguration, navigator: any Navigator) {
    let container = AppContainer(configuration: configuration)
    self.container = container
    self.navigator = navigator
    catalogFlow = makeCatalogCoordinator(
      factory: makeCatalogFactory(dependencies: container, market: configuration.market),
      navigator: navigator)
    accountFlow = makeAccountCoordinator(
      factory: makeAccountFactory(
        dependencies: container.makeAccountSession(for: configuration.account)),
      navigator: navigator)
  }

  func start() {
    catalogFlow.start()
  }

  func showOrders() {
    accountFlow.start()
  }

  func switchAccount(to account: Account) {
    accountFlow = makeAccountCoordinator(
      factory: makeAccountFactory(dependencies: container.makeAccountSession(for: account)),
      navigator: navigator)
  }
}

/// Builds the whole app from `configuration`.
@MainActor
public func makeShopApp(configuration: AppConfiguration, navigator: any Navigator) -> any ShopApp {
  ShopCompositionRoot(configuration: configuration, navigator: navigator)
}
