/// Why a container could not hand out a service.
///
/// Both cases carry what a person needs to fix the registration: the missing service, or
/// the chain of services that ends where it began.
public enum ContainerError: Error, Equatable, CustomStringConvertible {
  /// Nothing is registered for `service` (the type's name, as `String(describing:)`
  /// prints it) under `name`.
  case unregistered(service: String, name: String?)
  /// Building the first service of `path` needs, through the others, that same service
  /// again: `["AuthService", "SessionStore", "AuthService"]`. An entry names the type as
  /// `String(describing:)` prints it, and a named registration's name too, such as
  /// `Clock named "utc"`.
  case cycle(path: [String])

  /// What went wrong and how to fix it, in a sentence for the person reading the log.
  public var description: String {
    switch self {
    case .unregistered(let service, nil):
      return "Nothing is registered for \(service). Register it at the composition root "
        + "before you resolve it."
    case .unregistered(let service, let name?):
      return "Nothing is registered for \(service) named \"\(name)\". Register it under "
        + "that name at the composition root before you resolve it."
    case .cycle(let path):
      return "Dependency cycle: \(path.joined(separator: " → ")). One of these services "
        + "must stop needing the next one when it is created (inject a closure or a "
        + "factory instead)."
    }
  }
}
