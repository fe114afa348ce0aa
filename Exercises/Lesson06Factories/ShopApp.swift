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

/// Where the app is put together.
@MainActor
final class ShopCompositionRoot: ShopApp {
  private let catalogFlow: CatalogCoordinator
  private let accountFlow: AccountCoordinator

  init(configuration: AppConfiguration, navigator: any Navigator) {
    // TODO: Task 7 — build this app's container and pass it on, instead of a global.
    AppContainer.shared = AppContainer(configuration: configuration)
    let container = AppContainer.shared
    // TODO: Task 6 — build the factories here and give the coordinators those.
    catalogFlow = CatalogCoordinator(
      navigator: navigator,
      catalog: container.catalog,
      analytics: container.analytics,
      market: configuration.market
    )
    accountFlow = AccountCoordinator(navigator: navigator)
  }

  func start() {
    catalogFlow.start()
  }

  func showOrders() {
    accountFlow.start()
  }

  func switchAccount(to account: Account) {
    // TODO: Task 6 — what happens to the previous account's orders?
    AppContainer.shared.account = account
  }
}

/// Builds the whole app from `configuration`: the composition root's entry point.
///
/// - Parameters:
///   - configuration: The market, the first account and the outside world's edges.
///   - navigator: Shows the app's screens.
/// - Returns: The app, not yet started.
@MainActor
public func makeShopApp(configuration: AppConfiguration, navigator: any Navigator) -> any ShopApp {
  ShopCompositionRoot(configuration: configuration, navigator: navigator)
}
