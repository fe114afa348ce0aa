// Variant: see AppContainer.swift. The root publishes its container in the global.

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

/// The composition root: the one place that knows every concrete type.
///
/// It builds the container, the per-feature factories and the coordinators, and decides
/// every lifetime: the HTTP client and the catalog live as long as the app; the orders
/// repository lives as long as one account; screens live as long as they are shown.
///
/// Source: Mark Seemann, "Composition Root" (2011).
@MainActor
final class ShopCompositionRoot: ShopApp {
  private let navigator: any Navigator
  private let catalogFlow: any Coordinator
  private var accountFlow: any Coordinator

  init(configuration: AppConfiguration, navigator: any Navigator) {
    let container = AppContainer(configuration: configuration)
    LegacyContainer.shared = container
    let catalogFactory = CatalogModuleFactory(dependencies: container, market: configuration.market)
    self.navigator = navigator
    catalogFlow = CatalogCoordinator(factory: catalogFactory, navigator: navigator)
    accountFlow = AccountCoordinator(account: configuration.account, navigator: navigator)
  }

  func start() {
    catalogFlow.start()
  }

  func showOrders() {
    accountFlow.start()
  }

  func switchAccount(to account: Account) {
    accountFlow = AccountCoordinator(account: account, navigator: navigator)
  }
}

/// Builds the whole app from `configuration`: the composition root's entry point.
///
/// Each call builds a separate object graph, so two apps with different configurations
/// can run side by side in one process.
///
/// - Parameters:
///   - configuration: The market, the first account and the outside world's edges.
///   - navigator: Shows the app's screens.
/// - Returns: The app, not yet started.
@MainActor
public func makeShopApp(configuration: AppConfiguration, navigator: any Navigator) -> any ShopApp {
  ShopCompositionRoot(configuration: configuration, navigator: navigator)
}
