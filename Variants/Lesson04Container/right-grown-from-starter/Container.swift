// Variant: the starter grown task by task, as a learner following the hints would: the
// NSLock became an NSCondition that guards the tables and lets callers wait for a singleton
// being created; factories get a small resolver that carries the chain. Right.
import Foundation

/// A dependency injection container: register a factory per service, resolve by type.
public final class Container: Resolver, @unchecked Sendable {
  private struct Key: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String?
    let label: String
  }

  // NB: `instance` and `isCreating` are guarded by the owning container's `condition`.
  private final class Entry: @unchecked Sendable {
    let scope: Scope
    let factory: @Sendable (any Resolver) throws -> any Sendable
    var instance: (any Sendable)?
    var isCreating = false

    init(scope: Scope, factory: @escaping @Sendable (any Resolver) throws -> any Sendable) {
      self.scope = scope
      self.factory = factory
    }
  }

  private struct Step: Resolver {
    let container: Container
    let chain: [Key]

    func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
      try container.resolve(type, name: name, chain: chain)
    }
  }

  private let condition = NSCondition()
  private var entries: [Key: Entry] = [:]
  private let parent: Container?

  /// Creates an empty container.
  public init() {
    parent = nil
  }

  private init(parent: Container) {
    self.parent = parent
  }

  /// Registers the factory that makes `type`.
  public func register<Service: Sendable>(
    _ type: Service.Type,
    name: String? = nil,
    scope: Scope = .transient,
    factory: @escaping @Sendable (any Resolver) throws -> Service
  ) {
    let key = Key(type: ObjectIdentifier(type), name: name, label: String(describing: type))
    condition.lock()
    defer { condition.unlock() }
    entries[key] = Entry(scope: scope, factory: factory)
  }

  /// Returns the service registered for `type` under `name`.
  public func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
    try resolve(type, name: name, chain: [])
  }

  /// Returns a container for a test or a feature, whose registrations override this one's.
  public func makeChild() -> Container {
    Container(parent: self)
  }

  private func resolve<Service: Sendable>(
    _ type: Service.Type,
    name: String?,
    chain: [Key]
  ) throws -> Service {
    let key = Key(type: ObjectIdentifier(type), name: name, label: String(describing: type))
    if let start = chain.firstIndex(of: key) {
      throw ContainerError.cycle(path: (chain[start...] + [key]).map(\.label))
    }
    guard let (owner, entry) = find(key) else {
      throw ContainerError.unregistered(service: key.label, name: name)
    }
    let made: any Sendable
    switch entry.scope {
    case .transient:
      made = try entry.factory(Step(container: self, chain: chain + [key]))
    case .singleton:
      made = try owner.singleton(entry, chain: chain + [key])
    }
    guard let service = made as? Service else {
      throw ContainerError.unregistered(service: key.label, name: name)
    }
    return service
  }

  private func find(_ key: Key) -> (Container, Entry)? {
    condition.lock()
    let entry = entries[key]
    condition.unlock()
    if let entry { return (self, entry) }
    return parent?.find(key)
  }

  private func singleton(_ entry: Entry, chain: [Key]) throws -> any Sendable {
    condition.lock()
    while entry.isCreating { condition.wait() }
    if let instance = entry.instance {
      condition.unlock()
      return instance
    }
    entry.isCreating = true
    condition.unlock()
    do {
      let instance = try entry.factory(Step(container: self, chain: chain))
      condition.lock()
      entry.instance = instance
      entry.isCreating = false
      condition.broadcast()
      condition.unlock()
      return instance
    } catch {
      condition.lock()
      entry.isCreating = false
      condition.broadcast()
      condition.unlock()
      throw error
    }
  }
}
