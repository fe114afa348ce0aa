/// How long an instance a container creates lives.
public enum Scope: Sendable {
  /// A new instance on every resolve.
  case transient
  /// One instance per registration, created on its first resolve and shared afterwards.
  case singleton
}
