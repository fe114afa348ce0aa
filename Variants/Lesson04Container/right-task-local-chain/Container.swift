// Variant: passes the container itself to factories and keeps the resolution chain in a
// @TaskLocal, which is per thread (or per task). Right: each resolution chain is still its
// own, so cycles are found and concurrent threads never see each other's entries. A cycle
// entered from two threads at once is found by thread: each creation in flight names its
// thread, each waiting thread the creation it waits for.
import Foundation
import Synchronization

/// A dependency injection container that is safe to use from many threads at once.
///
/// You register a factory per service at the composition root and resolve services by
/// type. A transient service is made anew on every resolve; a singleton is made on its
/// first resolve, exactly once, and shared afterwards. Factories receive a ``Resolver``
/// to ask for their own dependencies:
///
/// ```swift
/// let container = Container()
/// container.register(Ledger.self, scope: .singleton) { _ in Ledger() }
/// container.register(ReportService.self) { resolver in
///   ReportService(ledger: try resolver.resolve(Ledger.self))
/// }
/// let reports = try container.resolve(ReportService.self)
/// ```
///
/// No lock is held while a factory runs, so a factory may resolve other services, from
/// this thread or another one, without a deadlock. A service that needs itself, directly
/// or through others, is reported as ``ContainerError/cycle(path:)``.
///
/// Source: the dictionary containers of "Dependency Injection va DI Container" and
/// "Injeção de dependência em Swift sem framework", made safe the way Swinject, Factory
/// and swift-dependencies learned to be.
public final class Container: Resolver {
  private let parent: Container?
  private let registrations = Mutex<[Key: Registration]>([:])

  /// Creates an empty container.
  public init() {
    parent = nil
  }

  private init(parent: Container) {
    self.parent = parent
  }

  /// Registers the factory that makes `type`, replacing any earlier registration of
  /// `type` under the same name.
  ///
  /// - Parameters:
  ///   - type: The type callers resolve, often a protocol.
  ///   - name: Tells apart two registrations of one type (`"utc"`, `"local"`).
  ///   - scope: ``Scope/transient`` (the default) or ``Scope/singleton``.
  ///   - factory: Makes the service; it receives a resolver for its own dependencies.
  public func register<Service: Sendable>(
    _ type: Service.Type,
    name: String? = nil,
    scope: Scope = .transient,
    factory: @escaping @Sendable (any Resolver) throws -> Service
  ) {
    let registration = Registration(
      make: { resolver in try factory(resolver) },
      shared: scope == .singleton ? OnceCell() : nil
    )
    registrations.withLock { $0[Key(type, name: name)] = registration }
  }

  /// Returns the service registered for `type` under `name`, here or in a parent.
  ///
  /// - Parameters:
  ///   - type: The type the service was registered as.
  ///   - name: The name it was registered under, or `nil`.
  /// - Returns: A new instance (transient) or the shared one (singleton).
  /// - Throws: ``ContainerError/unregistered(service:name:)``,
  ///   ``ContainerError/cycle(path:)``, or what a factory throws.
  public func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
    let key = Key(type, name: name)
    let chain = Resolution.chain
    if let start = chain.firstIndex(of: key) {
      throw ContainerError.cycle(path: (chain[start...] + [key]).map(\.description))
    }
    guard let (owner, registration) = lookUp(key) else {
      throw ContainerError.unregistered(service: key.typeName, name: name)
    }
    let instance = try Resolution.$chain.withValue(chain + [key]) { () throws -> any Sendable in
      guard let shared = registration.shared else { return try registration.make(self) }
      let cell = ObjectIdentifier(shared)
      try ThreadWaits.all.willWait(for: cell, chain: chain + [key])
      defer { ThreadWaits.all.stoppedWaiting() }
      return try shared.value {
        ThreadWaits.all.creating(cell, key: key)
        defer { ThreadWaits.all.created(cell) }
        return try registration.make(owner)
      }
    }
    guard let service = instance as? Service else {
      throw ContainerError.unregistered(service: key.typeName, name: name)
    }
    return service
  }

  /// Returns a container that sees this one's registrations and singletons, and whose
  /// own registrations override them without changing this container.
  ///
  /// Use one per test or per feature that needs a different implementation of a few
  /// services.
  public func makeChild() -> Container {
    Container(parent: self)
  }

  private func lookUp(_ key: Key) -> (owner: Container, registration: Registration)? {
    if let registration = registrations.withLock({ $0[key] }) {
      return (self, registration)
    }
    return parent?.lookUp(key)
  }
}

/// Identifies a registration: the type itself (never its name, which two types may share)
/// and the registration's name.
private struct Key: Hashable, Sendable, CustomStringConvertible {
  let type: ObjectIdentifier
  let name: String?
  let typeName: String

  init<Service>(_ type: Service.Type, name: String?) {
    self.type = ObjectIdentifier(type)
    self.name = name
    self.typeName = String(describing: type)
  }

  static func == (lhs: Key, rhs: Key) -> Bool {
    lhs.type == rhs.type && lhs.name == rhs.name
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    hasher.combine(name)
  }

  var description: String {
    guard let name else { return typeName }
    return "\(typeName) named \"\(name)\""
  }
}

/// What `register` stores: the factory, and for a singleton the cell that holds it.
private struct Registration: Sendable {
  let make: @Sendable (any Resolver) throws -> any Sendable
  let shared: OnceCell<any Sendable>?
}

/// The services the current thread (or task) is building, innermost last. A task-local
/// value lives in thread-local storage outside of tasks, so each thread has its own.
private enum Resolution {
  @TaskLocal static var chain: [Key] = []
}

/// Which thread creates which singleton, and which creation each thread waits for.
private final class ThreadWaits: Sendable {
  static let all = ThreadWaits()

  private struct Graph {
    var creators: [ObjectIdentifier: (thread: ObjectIdentifier, key: Key)] = [:]
    var waits: [ObjectIdentifier: (cell: ObjectIdentifier, chain: [Key])] = [:]
  }

  private let graph = Mutex(Graph())

  private var thread: ObjectIdentifier { ObjectIdentifier(Thread.current) }

  func willWait(for cell: ObjectIdentifier, chain: [Key]) throws {
    let me = thread
    try graph.withLock { graph in
      var path = chain
      var current = cell
      for _ in 0..<1_000 {
        guard let creator = graph.creators[current] else { break }
        if creator.thread == me {
          let start = path.firstIndex(of: creator.key) ?? 0
          throw ContainerError.cycle(path: path[start...].map(\.description))
        }
        guard let wait = graph.waits[creator.thread] else { break }
        path += wait.chain.drop { $0 != creator.key }.dropFirst()
        current = wait.cell
      }
      graph.waits[me] = (cell, chain)
    }
  }

  func stoppedWaiting() {
    let me = thread
    graph.withLock { graph in graph.waits[me] = nil }
  }

  func creating(_ cell: ObjectIdentifier, key: Key) {
    let me = thread
    graph.withLock { graph in
      graph.waits[me] = nil
      graph.creators[cell] = (me, key)
    }
  }

  func created(_ cell: ObjectIdentifier) {
    graph.withLock { graph in graph.creators[cell] = nil }
  }
}
