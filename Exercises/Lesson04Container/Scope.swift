/// How long an instance a container creates lives.
public enum Scope: Sendable {
  /// A new instance on every resolve.
  case transient
  /// One instance per registration, created on its first resolve and shared afterwards.
  case singleton
}

// TODO: Task 3 — a singleton is made once, even when many threads ask at the same moment;
// if you write a small type for that, it can live here.
