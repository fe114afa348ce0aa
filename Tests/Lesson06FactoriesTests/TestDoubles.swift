import Foundation
import Lesson06Factories
import Synchronization
import Testing

// Hand-written doubles shared by the lesson's suites. Each test builds its own, so suites
// that run in parallel never share state.

/// Values the tests use again and again.
enum Sample {
  static let keyboard = Product(id: "kbd", name: "Keyboard", priceInCents: 89_00)
  static let mug = Product(id: "mug", name: "Mug", priceInCents: 12_00)
  static let lamp = Product(id: "lamp", name: "Lamp", priceInCents: 45_00)

  static let alice = Account(id: "alice", name: "Alice")
  static let bob = Account(id: "bob", name: "Bob")
  static let aliceOrders = [Order(id: "A-1", totalInCents: 42_00)]
  static let bobOrders = [
    Order(id: "B-2", totalInCents: 7_00), Order(id: "B-1", totalInCents: 19_00),
  ]
  /// Every market the shop serves, named here rather than taken from `Market.allCases`: a
  /// `public static var allCases` declared in the lesson would choose the tests' cases.
  static let markets: [Market] = [.us, .eu]
}

/// A catalog spy: serves fixed products and stock (a stub's canned answers), and records
/// what it was asked.
final class SpyCatalog: CatalogService {
  private struct Log {
    var productRequests = 0
    var stockRequests: [Product.ID] = []
    var stockLevel: Int
  }
  private let log: Mutex<Log>
  private let items: [Product]

  init(products: [Product] = [Sample.keyboard, Sample.mug], stock: Int = 3) {
    items = products
    log = Mutex(Log(stockLevel: stock))
  }

  /// Changes the stock every product has from now on, as a delivery or a sale would.
  func setStock(_ stock: Int) {
    log.withLock { $0.stockLevel = stock }
  }

  var productRequests: Int { log.withLock { $0.productRequests } }
  var stockRequests: [Product.ID] { log.withLock { $0.stockRequests } }

  func products() async throws -> [Product] {
    log.withLock { $0.productRequests += 1 }
    return items
  }

  func stock(of productID: Product.ID) async throws -> Int {
    log.withLock {
      $0.stockRequests.append(productID)
      return $0.stockLevel
    }
  }
}

/// An analytics spy: records every event in order.
final class SpyAnalytics: AnalyticsTracker {
  private let recorded = Mutex<[AnalyticsEvent]>([])

  var events: [AnalyticsEvent] { recorded.withLock { $0 } }

  func track(_ event: AnalyticsEvent) {
    recorded.withLock { $0.append(event) }
  }
}

/// An orders spy: serves fixed orders (a stub's canned answer) and counts the loads.
final class SpyOrdersRepository: OrdersRepository {
  private let stored: [Order]
  private let loads = Mutex(0)

  init(orders: [Order]) {
    stored = orders
  }

  var loadCount: Int { loads.withLock { $0 } }

  func orders() async throws -> [Order] {
    loads.withLock { $0 += 1 }
    return stored
  }
}

/// The catalog's dependencies, made of the test's doubles.
@MainActor
struct StubCatalogDependencies: CatalogDependencies {
  var catalog: any CatalogService
  var analytics: any AnalyticsTracker
}

/// The account's dependencies, made of the test's doubles.
@MainActor
struct StubAccountDependencies: AccountDependencies {
  var orders: any OrdersRepository
  var analytics: any AnalyticsTracker
}

/// A screen with nothing behind it: what a spy factory hands out, so a test can check
/// that the coordinator showed exactly that instance.
@MainActor
final class StubScreen: Screen {
  let title: String

  init(title: String) {
    self.title = title
  }
}

/// A navigator spy: records every push and presentation in order.
@MainActor
final class RecordingNavigator: Navigator {
  enum Step {
    case push(any Screen)
    case present(any Screen)
  }

  private(set) var steps: [Step] = []

  var pushed: [any Screen] {
    steps.compactMap { step in
      if case .push(let screen) = step { return screen }
      return nil
    }
  }

  var presented: [any Screen] {
    steps.compactMap { step in
      if case .present(let screen) = step { return screen }
      return nil
    }
  }

  func push(_ screen: any Screen) {
    steps.append(.push(screen))
  }

  func present(_ screen: any Screen) {
    steps.append(.present(screen))
  }
}

/// A catalog factory spy: hands out stub screens and records what it was asked for.
@MainActor
final class SpyCatalogFactory: CatalogFactory {
  private(set) var listScreens: [StubScreen] = []
  private(set) var detailRequests: [Product] = []
  private(set) var detailScreens: [StubScreen] = []
  private var onSelects: [@MainActor (Product) -> Void] = []

  func makeProductList(onSelect: @escaping @MainActor (Product) -> Void) -> any Screen {
    onSelects.append(onSelect)
    let screen = StubScreen(title: "list \(listScreens.count + 1)")
    listScreens.append(screen)
    return screen
  }

  func makeProductDetail(for product: Product) -> any Screen {
    detailRequests.append(product)
    let screen = StubScreen(title: "detail of \(product.id)")
    detailScreens.append(screen)
    return screen
  }

  /// Plays a customer picking `product` in the last list built. Does nothing when no list
  /// was ever asked for, so there is nobody to tell.
  func customerPicks(_ product: Product) {
    onSelects.last?(product)
  }

  /// Plays a customer picking `product` in the list built `index`th (from 0), one still on
  /// screen under a later one. Does nothing when fewer lists were asked for.
  func customerPicks(_ product: Product, onList index: Int) {
    guard onSelects.indices.contains(index) else { return }
    onSelects[index](product)
  }
}

/// An account factory spy: hands out stub screens and counts the requests.
@MainActor
final class SpyAccountFactory: AccountFactory {
  private(set) var historyScreens: [StubScreen] = []

  func makeOrderHistory() -> any Screen {
    let screen = StubScreen(title: "orders \(historyScreens.count + 1)")
    historyScreens.append(screen)
    return screen
  }
}

/// Collects what a `@MainActor` callback received.
@MainActor
final class Picks {
  private(set) var products: [Product] = []

  func record(_ product: Product) {
    products.append(product)
  }
}

/// A backend fake behind the app's real services: a working, in-memory stand-in that answers
/// the paths the real backend answers, with data per account. It also records every path it
/// was asked for, so the tests can count requests.
final class FakeBackend: HTTPClient {
  private let items: Mutex<[Product]>
  private let ordersByAccount: [Account.ID: [Order]]
  private let stockLevel: Mutex<Int>
  private let log = Mutex<[String]>([])
  private let orderRequests = Mutex(OrderRequests())

  /// What happens to order requests: answered, failed, or held until the test lets them go.
  private struct OrderRequests {
    var failing = false
    var holding = false
    var held: [CheckedContinuation<Void, Never>] = []
    var arrivals = 0
    var arrivalWaiter: CheckedContinuation<Bool, Never>?
  }

  init(
    products: [Product] = [Sample.keyboard, Sample.mug],
    orders: [Account.ID: [Order]] = [
      Sample.alice.id: Sample.aliceOrders, Sample.bob.id: Sample.bobOrders,
    ],
    stock: Int = 3
  ) {
    items = Mutex(products)
    ordersByAccount = orders
    stockLevel = Mutex(stock)
  }

  var requests: [String] { log.withLock { $0 } }

  func count(of path: String) -> Int {
    requests.filter { $0 == path }.count
  }

  /// Changes the stock every product has from now on, as a delivery or a sale would.
  func setStock(_ stock: Int) {
    stockLevel.withLock { $0 = stock }
  }

  /// Changes the products on sale from now on, as a new season's range would.
  func setProducts(_ products: [Product]) {
    items.withLock { $0 = products }
  }

  /// Makes every order request fail from now on (`true`), as a backend that is down does,
  /// or answer again (`false`).
  func setOrdersFailing(_ failing: Bool) {
    orderRequests.withLock { $0.failing = failing }
  }

  /// Holds every order request from now on until ``releaseOrders()``: a load in flight.
  func holdOrders() {
    orderRequests.withLock { $0.holding = true }
  }

  /// Lets every held order request go on, and holds no more.
  func releaseOrders() {
    let held = orderRequests.withLock { requests in
      requests.holding = false
      defer { requests.held = [] }
      return requests.held
    }
    for request in held { request.resume() }
  }

  /// Waits until an order request is held; `false` if none arrives within a few seconds.
  func orderRequestHeld() async -> Bool {
    let limit = Task {
      try? await Task.sleep(for: .seconds(5))
      let waiter = orderRequests.withLock { requests in
        defer { requests.arrivalWaiter = nil }
        return requests.arrivalWaiter
      }
      waiter?.resume(returning: false)
    }
    defer { limit.cancel() }
    return await withCheckedContinuation { continuation in
      let arrived = orderRequests.withLock { requests in
        if requests.arrivals > 0 { return true }
        requests.arrivalWaiter = continuation
        return false
      }
      if arrived { continuation.resume(returning: true) }
    }
  }

  func get(_ path: String) async throws -> Data {
    log.withLock { $0.append(path) }
    let parts = path.split(separator: "/").map(String.init)
    if parts.count == 3, parts[0] == "accounts", parts[2] == "orders" {
      try await orderRequestArrived()
    }
    if parts == ["products"] { return try JSONEncoder().encode(items.withLock { $0 }) }
    if parts.count == 3, parts[0] == "products", parts[2] == "stock" {
      return try JSONEncoder().encode(StockLevel(available: stockLevel.withLock { $0 }))
    }
    if parts.count == 3, parts[0] == "accounts", parts[2] == "orders",
      let orders = ordersByAccount[parts[1]]
    {
      return try JSONEncoder().encode(orders)
    }
    throw HTTPError.notFound(path: path)
  }
}

extension FakeBackend {
  /// Fails or holds an order request, as the test asked.
  fileprivate func orderRequestArrived() async throws {
    let (failing, holding) = orderRequests.withLock { ($0.failing, $0.holding) }
    if failing { throw BackendDown() }
    guard holding else { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let waiter = orderRequests.withLock { requests in
        requests.held.append(continuation)
        requests.arrivals += 1
        defer { requests.arrivalWaiter = nil }
        return requests.arrivalWaiter
      }
      waiter?.resume(returning: true)
    }
  }
}

/// What a backend that is down answers.
struct BackendDown: Error, CustomStringConvertible {
  var description: String { "The backend is down." }
}

/// A navigator that shows screens and lets go of them once the test took them, as a window
/// does when the customer closes them; so a test can see whether anything else keeps a screen.
@MainActor
final class ClosingNavigator: Navigator {
  private var shown: [any Screen] = []

  /// How many screens were pushed or presented so far.
  private(set) var count = 0

  /// The screens shown since the last call; the navigator keeps none of them.
  func takeShown() -> [any Screen] {
    defer { shown = [] }
    return shown
  }

  func push(_ screen: any Screen) {
    shown.append(screen)
    count += 1
  }

  func present(_ screen: any Screen) {
    shown.append(screen)
    count += 1
  }
}

/// Every object reachable from `instance` through stored properties that is an orders
/// repository, wrappers included: what keeps an account's orders.
func ordersRepositoryObjects(in instance: Any) -> [AnyObject] {
  var found: [AnyObject] = []
  var visited: Set<ObjectIdentifier> = []
  var pending: [(value: Any, depth: Int)] = storedProperties(of: instance).map { ($0.1, 1) }
  while !pending.isEmpty {
    let (value, depth) = pending.removeFirst()
    if type(of: value) is AnyClass {
      let object = value as AnyObject
      guard visited.insert(ObjectIdentifier(object)).inserted else { continue }
      if value is any OrdersRepository { found.append(object) }
    }
    guard depth < 8, !(value is any HTTPClient), !(value is any AnalyticsTracker) else {
      continue
    }
    pending += storedProperties(of: value).map { ($0.1, depth + 1) }
  }
  return found
}

/// A reference that does not keep its object alive.
struct WeakObject {
  weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }
}

/// Counts how often the app made its HTTP client.
final class CreationCounter: Sendable {
  private let made = Mutex(0)

  var count: Int { made.withLock { $0 } }

  func increment() {
    made.withLock { $0 += 1 }
  }
}

/// A configuration whose client is `backend` and whose analytics is `analytics`, counting
/// every time the app makes a client.
func configuration(
  market: Market = .eu,
  account: Account = Sample.alice,
  backend: FakeBackend,
  analytics: SpyAnalytics = SpyAnalytics(),
  counter: CreationCounter = CreationCounter()
) -> AppConfiguration {
  AppConfiguration(market: market, account: account, analytics: analytics) {
    counter.increment()
    return backend
  }
}

/// Shows the order history through `app` and loads it. Fails the test when no order
/// history was presented.
@MainActor
func openOrders(
  _ app: any ShopApp,
  on navigator: RecordingNavigator,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws -> OrderHistoryViewModel {
  let before = navigator.presented.count
  app.showOrders()
  #expect(
    navigator.presented.count == before + 1,
    """
    showOrders() should present exactly one screen; it presented \
    \(navigator.presented.count - before).
    """,
    sourceLocation: sourceLocation
  )
  let screen = try #require(
    navigator.presented.last as? OrderHistoryScreen,
    "showOrders() should present an OrderHistoryScreen.",
    sourceLocation: sourceLocation
  )
  await screen.viewModel.load()
  return screen.viewModel
}

/// Starts `app`, loads its product list and picks `product`; returns what was pushed last.
@MainActor
func pickProduct(
  _ product: Product,
  in app: any ShopApp,
  on navigator: RecordingNavigator,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws -> (list: ProductListViewModel, detail: any Screen) {
  app.start()
  let list = try #require(
    navigator.pushed.first as? ProductListScreen,
    "start() should push a ProductListScreen first; it pushed \(navigator.pushed.map(\.title)).",
    sourceLocation: sourceLocation
  )
  await list.viewModel.load()
  list.viewModel.select(product)
  let detail = try #require(
    navigator.pushed.last,
    "Picking a product should push its screen; nothing was pushed.",
    sourceLocation: sourceLocation
  )
  return (list.viewModel, detail)
}

/// The view model behind a product screen of either market, so a test can compare two.
@MainActor
func productViewModel(of screen: any Screen) -> AnyObject? {
  if let detail = screen as? ProductDetailScreen { return detail.viewModel }
  if let page = screen as? ProductPageScreen { return page.viewModel }
  return nil
}

/// Loads a product screen of either market; fails the test for any other screen.
@MainActor
func loadProductScreen(
  _ screen: any Screen,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  if let detail = screen as? ProductDetailScreen {
    await detail.viewModel.load()
  } else {
    let page = try #require(
      screen as? ProductPageScreen,
      "makeProductDetail(for:) should return a product screen, not \(type(of: screen)).",
      sourceLocation: sourceLocation
    )
    await page.viewModel.load()
  }
}

/// Where `instance` stores a service or a container, as paths such as `catalog` or
/// `environment.bundle.container`.
///
/// A coordinator should keep its factory and navigator and nothing it only passes on. The
/// search sees through optionals, tuples and collections, and goes all the way down into
/// every stored struct or class (a container under another name, a bundle of services in an
/// environment, a navigator of the app's own that wraps the one it was given), but never
/// into a factory or a screen: a factory holds services by design, and a screen is what the
/// coordinator shows. Nor does it go back up into `holders`, the objects that keep the
/// coordinator (the app, a parent coordinator): a coordinator may point back at whoever
/// starts the other flows.
@MainActor
func storedServices(in instance: Any, heldBy holders: Set<ObjectIdentifier> = []) -> [String] {
  reachableStoredValues(in: instance, skipping: holders).compactMap { path, value in
    isServiceOrContainer(value) ? path : nil
  }
}

/// Where `instance` (called `name`), or a value the search of ``storedServices(in:heldBy:)``
/// goes into, is a type of the lesson that answers reflection with a mirror of its own
/// (`CustomReflectable`) instead of what it stores: what no search of stored properties can
/// see through.
@MainActor
func customMirrors(
  in instance: Any, named name: String, heldBy holders: Set<ObjectIdentifier> = []
) -> [String] {
  let values: [(path: String, value: Any)] =
    [(name, instance)]
    + reachableStoredValues(in: instance, skipping: holders).map { ("\(name).\($0)", $1) }
  return values.compactMap { path, value in
    showsAMirrorOfItsOwn(value) && !isOpaque(value) ? "\(path) (\(type(of: value)))" : nil
  }
}

/// Where `instance` stores a screen or a screen's view model, searched like
/// ``storedServices(in:heldBy:)``: what a factory that builds screens ahead of time keeps.
@MainActor
func storedScreens(in instance: Any) -> [String] {
  reachableStoredValues(in: instance).compactMap { path, value in
    value is any Screen || value is ProductListViewModel || value is ProductDetailViewModel
      || value is ProductPageViewModel || value is OrderHistoryViewModel ? path : nil
  }
}

/// Where `instance` stores a market or a configuration, searched like
/// ``storedServices(in:heldBy:)``.
@MainActor
func storedMarketSettings(in instance: Any, heldBy holders: Set<ObjectIdentifier> = [])
  -> [String]
{
  reachableStoredValues(in: instance, skipping: holders).compactMap { path, value in
    isMarketSetting(value) ? path : nil
  }
}

/// A coordinator an app keeps, the path that reaches it, and the objects on that path (the
/// app included, when it is an object): the coordinator's holders, which a search of what
/// the coordinator stores does not go back into.
struct KeptCoordinator {
  let path: String
  let coordinator: any Coordinator
  let holders: Set<ObjectIdentifier>
}

/// Every coordinator an app keeps, found through its stored properties all the way down (but
/// not inside services, factories or screens).
///
/// This is what the app runs, whatever the `make…` helpers build. A coordinator that only a
/// closure holds cannot be seen.
@MainActor
func coordinatorsKept(by app: any ShopApp) -> [KeptCoordinator] {
  reachableStoredValuesAndHolders(in: app).compactMap { path, value, holders in
    (value as? any Coordinator).map {
      KeptCoordinator(path: path, coordinator: $0, holders: holders)
    }
  }
}

/// An app of `market` that has run every flow once (the catalog, the orders, a switch to Bob
/// and his orders), so that whatever it builds on the way is there to inspect.
@MainActor
func appAfterEveryFlow(market: Market) -> any ShopApp {
  let app = makeShopApp(
    configuration: configuration(market: market, backend: FakeBackend()),
    navigator: RecordingNavigator())
  app.start()
  app.showOrders()
  app.switchAccount(to: Sample.bob)
  app.showOrders()
  return app
}

/// Where an app stores, all the way down, a factory that is both a catalog and an account
/// factory. A factory that only a closure holds cannot be seen.
@MainActor
func factoriesForBothFeatures(keptBy app: any ShopApp) -> [String] {
  reachableStoredValues(in: app).compactMap { path, value in
    value is any CatalogFactory && value is any AccountFactory ? path : nil
  }
}

/// Where a factory an app keeps (found as in ``factoriesForBothFeatures(keptBy:)``) stores the
/// other feature's factory or services: a catalog factory that keeps an account factory or
/// the orders, an account factory that keeps a catalog factory or the catalog.
///
/// The search goes all the way down, into the dependencies the factory was given too, where
/// the other feature's factory never belongs. One thing is allowed there, and only there: an
/// account's dependencies may be built on top of the app-wide ones (a session that keeps the
/// app's container). The catalog's dependencies, which live as long as the app, keep nothing
/// of one account: no orders, no account session, and they are not the account's slice
/// (`AccountDependencies`) themselves, since its orders belong to whoever is signed in; so
/// no container that serves both features' slices.
@MainActor
func factoriesReachingTheOtherFeature(keptBy app: any ShopApp) -> [String] {
  reachableStoredValues(in: app).flatMap { path, factory -> [String] in
    let isCatalog = factory is any CatalogFactory
    guard isCatalog != (factory is any AccountFactory) else { return [] }
    return otherFeatureReached(from: factory, byCatalogFactory: isCatalog).map {
      "\(path).\($0)"
    }
  }
}

/// Where a factory an app keeps (found as in ``factoriesForBothFeatures(keptBy:)``) stores an
/// HTTP client in a property of its own, not inside the dependencies it was given: a factory
/// that is the container under another role.
@MainActor
func factoriesHoldingAClient(keptBy app: any ShopApp) -> [String] {
  reachableStoredValues(in: app).flatMap { path, value -> [String] in
    guard value is any CatalogFactory || value is any AccountFactory else { return [] }
    return storedProperties(of: value).compactMap { label, property in
      property is any HTTPClient ? "\(path).\(label)" : nil
    }
  }
}

/// The plain values (strings, characters, Booleans, enum cases without payload) that the
/// coordinators an app keeps (found as in ``coordinatorsKept(by:)``) store, each as
/// `path = value`: where a market flag of another type than `Market` would sit.
@MainActor
func plainValuesInCoordinators(keptBy app: any ShopApp) -> Set<String> {
  Set(
    coordinatorsKept(by: app).flatMap { kept in
      reachableStoredValues(in: kept.coordinator, skipping: kept.holders).compactMap {
        innerPath, value -> String? in
        let mirror = Mirror(reflecting: value)
        let isPlain =
          value is String || value is Substring || value is Character || value is Bool
          || (mirror.displayStyle == .enum && mirror.children.isEmpty)
        return isPlain ? "\(kept.path).\(innerPath) = \(String(reflecting: value))" : nil
      }
    })
}

/// Every catalog factory that a coordinator the app keeps (found as in
/// ``coordinatorsKept(by:)``) stores, with the path that reaches it. The search does not look
/// inside a factory, so a factory that wraps another one (a decorator) counts once, as itself.
@MainActor
func catalogFactoriesInCoordinators(keptBy app: any ShopApp) -> [(
  path: String, factory: any CatalogFactory
)] {
  coordinatorsKept(by: app).flatMap { kept in
    reachableStoredValues(in: kept.coordinator, skipping: kept.holders).compactMap {
      innerPath, value in
      (value as? any CatalogFactory).map { ("\(kept.path).\(innerPath)", $0) }
    }
  }
}

/// The objects (class instances) an app stores, all the way down, that serve the whole app:
/// its catalog's dependencies (a container), catalog services, analytics trackers and HTTP
/// clients, each with the path that reaches it first. Whatever belongs to an account is left
/// out, with everything inside it: an object that is an `AccountDependencies` or an
/// `OrdersRepository`. The search goes into coordinators, factories and containers, but not
/// into a service, a navigator or a screen, and it cannot see what a closure captures.
@MainActor
func appWideObjects(keptBy app: any ShopApp) -> [ObjectIdentifier: String] {
  var found: [ObjectIdentifier: String] = [:]
  var visited: Set<ObjectIdentifier> = [ObjectIdentifier(app as AnyObject)]
  var pending: [(path: String, value: Any, depth: Int)] = storedProperties(of: app).map {
    ($0.0, $0.1, 1)
  }
  while !pending.isEmpty {
    let (path, value, depth) = pending.removeFirst()
    guard !(value is any AccountDependencies), !(value is any OrdersRepository),
      !(value is any Navigator), !(value is any Screen)
    else { continue }
    let isService =
      value is any CatalogService || value is any AnalyticsTracker || value is any HTTPClient
    if type(of: value) is AnyClass {
      let identity = ObjectIdentifier(value as AnyObject)
      guard visited.insert(identity).inserted else { continue }
      if isService || value is any CatalogDependencies {
        found[identity] = "\(path) (\(type(of: value)))"
      }
    }
    guard !isService, depth < 12 else { continue }
    pending += storedProperties(of: value).map { ("\(path).\($0.0)", $0.1, depth + 1) }
  }
  return found
}

@MainActor
private func isServiceOrContainer(_ value: Any) -> Bool {
  value is any CatalogService || value is any OrdersRepository
    || value is any AnalyticsTracker || value is any HTTPClient
    || value is any CatalogDependencies || value is any AccountDependencies
}

private func isMarketSetting(_ value: Any) -> Bool {
  value is Market || value is AppConfiguration
}

/// Whether the search of stored values stops at `value` rather than going into it: a
/// service, a container, a market setting, a factory or a screen.
@MainActor
private func isOpaque(_ value: Any) -> Bool {
  isServiceOrContainer(value) || isMarketSetting(value)
    || value is any CatalogFactory || value is any AccountFactory || value is any Screen
}

/// Whether `value` is of a type declared in the lesson's module that gives reflection a
/// mirror of its own (`CustomReflectable`), which may leave out what it stores. The standard
/// library's types (arrays, strings, numbers) have such mirrors too, and show what they hold.
private func showsAMirrorOfItsOwn(_ value: Any) -> Bool {
  let lessonModule = String(reflecting: Product.self).prefix { $0 != "." }
  return value is any CustomReflectable
    && String(reflecting: type(of: value)).hasPrefix("\(lessonModule).")
}

/// The stored values of `instance` and, recursively, of each stored value that is not itself
/// a service, a market setting, a factory or a screen. A navigator is searched too: the tests'
/// own hold only screens, and one the app wraps around them must carry no container. Each
/// object is visited once, so references back (a parent coordinator, a delegate) end the
/// search; the objects in `skipping` are never entered.
@MainActor
private func reachableStoredValues(in instance: Any, skipping: Set<ObjectIdentifier> = [])
  -> [(path: String, value: Any)]
{
  reachableStoredValuesAndHolders(in: instance, skipping: skipping).map { ($0.path, $0.value) }
}

/// ``reachableStoredValues(in:skipping:)``, with the objects on the path to each value:
/// `instance` itself (when it is an object) and every object between it and the value.
@MainActor
private func reachableStoredValuesAndHolders(
  in instance: Any, skipping: Set<ObjectIdentifier> = []
) -> [(path: String, value: Any, holders: Set<ObjectIdentifier>)] {
  var found: [(path: String, value: Any, holders: Set<ObjectIdentifier>)] = []
  var visited = skipping
  var top: Set<ObjectIdentifier> = []
  if type(of: instance) is AnyClass {
    let identity = ObjectIdentifier(instance as AnyObject)
    visited.insert(identity)
    top.insert(identity)
  }
  var pending: [(path: String, value: Any, holders: Set<ObjectIdentifier>, depth: Int)] =
    storedProperties(of: instance).map { ($0.0, $0.1, top, 1) }
  while !pending.isEmpty {
    let (path, value, holders, depth) = pending.removeFirst()
    if type(of: value) is AnyClass, skipping.contains(ObjectIdentifier(value as AnyObject)) {
      continue
    }
    found.append((path, value, holders))
    guard !isOpaque(value), depth < 12 else { continue }
    var inner = holders
    if type(of: value) is AnyClass {
      let identity = ObjectIdentifier(value as AnyObject)
      guard visited.insert(identity).inserted else { continue }
      inner.insert(identity)
    }
    pending += storedProperties(of: value).map {
      ("\(path).\($0.0)", $0.1, inner, depth + 1)
    }
  }
  return found
}

/// Where `factory` stores, all the way down, what belongs to the other feature (see
/// ``factoriesReachingTheOtherFeature(keptBy:)``), as paths from the factory.
@MainActor
private func otherFeatureReached(from factory: Any, byCatalogFactory isCatalog: Bool)
  -> [String]
{
  var found: [String] = []
  var visited: Set<ObjectIdentifier> = []
  if type(of: factory) is AnyClass { visited.insert(ObjectIdentifier(factory as AnyObject)) }
  // NB: `builtOn` is true, for the account's factory only, inside its own dependencies,
  // which may sit on the app-wide ones.
  var pending: [(path: String, value: Any, builtOn: Bool, depth: Int)] =
    storedProperties(of: factory).map { ($0.0, $0.1, false, 1) }
  while !pending.isEmpty {
    let (path, value, builtOn, depth) = pending.removeFirst()
    let otherFactory = isCatalog ? value is any AccountFactory : value is any CatalogFactory
    let otherServices =
      isCatalog
      ? value is any OrdersRepository || value is any AccountDependencies
      : value is any CatalogService
        || (value is any CatalogDependencies && !(value is any AccountDependencies))
    if otherFactory || (otherServices && !builtOn) {
      found.append(path)
      continue
    }
    let isLeaf =
      value is any CatalogService || value is any OrdersRepository
      || value is any AnalyticsTracker || value is any HTTPClient || isMarketSetting(value)
      || value is any Screen
    guard !isLeaf, depth < 12 else { continue }
    if type(of: value) is AnyClass {
      guard visited.insert(ObjectIdentifier(value as AnyObject)).inserted else { continue }
    }
    let inner = builtOn || (!isCatalog && value is any AccountDependencies)
    pending += storedProperties(of: value).map { ("\(path).\($0.0)", $0.1, inner, depth + 1) }
  }
  return found
}

/// Every stored property of `instance`, its own and its superclasses', with optionals
/// unwrapped and tuples split into their elements.
private func storedProperties(of instance: Any) -> [(String, Any)] {
  var properties: [(String, Any)] = []
  var mirror: Mirror? = Mirror(reflecting: instance)
  while let current = mirror {
    for (index, child) in current.children.enumerated() {
      properties += flattened(child.label ?? "\(index)", child.value)
    }
    mirror = current.superclassMirror
  }
  return properties
}

/// `value` with optionals unwrapped, or, for a tuple, each of its elements (and theirs).
private func flattened(_ label: String, _ value: Any) -> [(String, Any)] {
  let value = unwrapped(value)
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .tuple else { return [(label, value)] }
  return mirror.children.enumerated().flatMap { index, element in
    let name = element.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }
    return flattened("\(label).\(name ?? "\(index)")", element.value)
  }
}

private func unwrapped(_ value: Any) -> Any {
  let mirror = Mirror(reflecting: value)
  if mirror.displayStyle == .optional, let wrapped = mirror.children.first {
    return unwrapped(wrapped.value)
  }
  return value
}
