import Foundation
import Lesson03ServiceLocator
import Synchronization

// MARK: - Types whose names collide

/// Two features each with a type called `Settings`: `String(describing:)` prints both as
/// "Settings".
enum Billing {
  struct Settings: Equatable { let currency: String }
  struct Invoice {}
}

enum Shipping {
  struct Settings: Equatable { let carrier: String }
}

enum Archive {
  struct Invoice {}
}

/// A generic service: `Cache<Billing.Invoice>` and `Cache<Archive.Invoice>` both print as
/// "Cache<Invoice>".
struct Cache<Entry>: Equatable {
  let label: String
}

// MARK: - The classic locator, as many apps still have it

/// The locator from countless blog posts: string keys, a shared instance, and a
/// `fatalError` for a forgotten registration. Kept here only to show what that does.
final class ClassicServiceLocator: @unchecked Sendable {
  private var services: [String: Any] = [:]

  func register<Service>(_ service: Service) {
    services[String(describing: Service.self)] = service
  }

  func resolve<Service>() -> Service {
    guard let service = services[String(describing: Service.self)] as? Service else {
      fatalError("Service not found!")
    }
    return service
  }
}

// MARK: - Checkout spies

/// A payment gateway that records every call and approves or declines as told.
final class PaymentGatewaySpy: PaymentGateway {
  struct Charge: Equatable {
    let amountInCents: Int
    let reference: String
  }

  struct Refund: Equatable {
    let transactionID: String
    let amountInCents: Int
  }

  private struct Calls {
    var charges: [Charge] = []
    var refunds: [Refund] = []
  }

  let transactionID: String
  let declines: Bool
  private let calls = Mutex(Calls())

  init(transactionID: String = "txn-1", declines: Bool = false) {
    self.transactionID = transactionID
    self.declines = declines
  }

  var charges: [Charge] { calls.withLock { $0.charges } }
  var refunds: [Refund] { calls.withLock { $0.refunds } }

  func charge(amountInCents: Int, reference: String) async throws -> String {
    calls.withLock {
      $0.charges.append(Charge(amountInCents: amountInCents, reference: reference))
    }
    if declines { throw PaymentError.declined }
    return transactionID
  }

  func refund(transactionID: String, amountInCents: Int) async throws {
    calls.withLock {
      $0.refunds.append(Refund(transactionID: transactionID, amountInCents: amountInCents))
    }
  }
}

/// A receipt store that keeps receipts in memory, so a test can see what was saved.
final class ReceiptStoreSpy: ReceiptStore {
  private let saved = Mutex<[Receipt]>([])

  var receipts: [Receipt] { saved.withLock { $0 } }

  func save(_ receipt: Receipt) async throws {
    saved.withLock { $0.append(receipt) }
  }
}

/// Analytics that records every event instead of sending it.
final class AnalyticsSpy: Analytics {
  struct Event: Equatable, CustomStringConvertible {
    let name: String
    let orderID: String
    var description: String { "\(name)(\(orderID))" }
  }

  private let recorded = Mutex<[Event]>([])

  var events: [Event] { recorded.withLock { $0 } }

  func track(_ event: String, orderID: String) {
    recorded.withLock { $0.append(Event(name: event, orderID: orderID)) }
  }
}

/// One set of checkout spies: what one test (or one thread of a test) hands in.
struct CheckoutSpies: Sendable {
  let payments: PaymentGatewaySpy
  let receipts = ReceiptStoreSpy()
  let analytics = AnalyticsSpy()

  init(transactionID: String = "txn-1", paymentsDecline: Bool = false) {
    payments = PaymentGatewaySpy(transactionID: transactionID, declines: paymentsDecline)
  }

  /// A fresh locator that serves these spies. With `factoryDelay`, every factory sleeps
  /// that long first, which widens the window in which shared state would mix callers up.
  func locator(factoryDelay: TimeInterval = 0) -> ServiceLocator {
    let locator = ServiceLocator()
    register(in: locator, factoryDelay: factoryDelay)
    return locator
  }

  /// Registers these spies in `locator`, replacing whatever it served before.
  func register(in locator: ServiceLocator, factoryDelay: TimeInterval = 0) {
    let payments = payments
    let receipts = receipts
    let analytics = analytics
    locator.register(PaymentGateway.self) {
      Thread.sleep(forTimeInterval: factoryDelay)
      return payments
    }
    locator.register(ReceiptStore.self) {
      Thread.sleep(forTimeInterval: factoryDelay)
      return receipts
    }
    locator.register(Analytics.self) {
      Thread.sleep(forTimeInterval: factoryDelay)
      return analytics
    }
  }

  /// Builds a checkout service through the harness, handing in these spies directly.
  func makeService() -> CheckoutService {
    makeCheckoutService(payments: payments, receipts: receipts, analytics: analytics)
  }
}

// MARK: - Messages

extension Result {
  /// What was thrown, as a message shows it; "nothing" when the work succeeded.
  var thrownDescription: String {
    switch self {
    case .success: "nothing"
    case .failure(let error): "\(error)"
    }
  }
}
