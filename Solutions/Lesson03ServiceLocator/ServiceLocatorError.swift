/// What went wrong when code asked a `ServiceLocator` for a service.
public enum ServiceLocatorError: Error, Equatable, CustomStringConvertible {
  /// Nothing is registered for the type, named in full (`Module.Outer.Type`).
  case unregistered(typeName: String)
  /// The start-up check found these types unregistered, named in full.
  case missingRegistrations(typeNames: [String])

  public var description: String {
    switch self {
    case .unregistered(let typeName):
      "Nothing is registered for \(typeName). Register it at the composition root before "
        + "anything resolves it."
    case .missingRegistrations(let typeNames):
      "\(typeNames.count) required service(s) are not registered: "
        + typeNames.joined(separator: ", ")
        + ". Register them at the composition root before the app starts."
    }
  }
}
