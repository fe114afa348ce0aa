/// What went wrong when code asked a `ServiceLocator` for a service.
public enum ServiceLocatorError: Error, Equatable, CustomStringConvertible {
  // TODO: Task 2 — an error that carries no data cannot say what is missing.
  /// A service was asked for that nobody registered.
  case serviceNotFound

  public var description: String {
    switch self {
    case .serviceNotFound: "Service not found."
    }
  }
}
