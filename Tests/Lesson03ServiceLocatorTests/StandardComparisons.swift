import Foundation

// NB: The tests' own comparisons. This test module imports the learner's module, and Swift
// prefers the most specific overload it can see: a learner's
// `public func == (lhs: [String], rhs: [String]) -> Bool { true }` beats the standard
// library's generic `==` for arrays and turns `#expect(fetched == ["grace"])` green. Swift's
// name lookup drops a declaration that another one with the same signature shadows, and a
// declaration in a module shadows one of a module it imports (the compiler's
// `removeShadowedDecls`). So this file declares, for every standard type the tests compare,
// the most specific form there is, in this module (each form tried with Swift 6.3.1):
// - a static operator in an extension of a concrete type (`String`, `Int`, …), the form the
//   standard library itself uses for them: it replaces the library's and any learner's
//   static with the same signature; a learner's global one is ambiguous with it and fails
//   to compile;
// - a global operator for a concrete container (`[String]`, `String?`, …): it replaces a
//   learner's global with the same signature, and is more specific than any generic one.
// Each one calls the type's own `Equatable` or `Comparable` conformance from a generic
// function, where no overload can step in, since the conformance is the standard
// library's. A learner's operator of another signature either loses or is ambiguous: the
// tests then do not compile, which is a failure, never a pass.
// The variants `wrong-task…-behind-own-array-equality.patch` try it; `--verify` proves they
// fail.

private func equal<T: Equatable>(_ lhs: T, _ rhs: T) -> Bool { lhs == rhs }
private func less<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool { lhs < rhs }
private func lessOrEqual<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool { lhs <= rhs }
private func greater<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool { lhs > rhs }
private func greaterOrEqual<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool { lhs >= rhs }

extension String {
  static func == (lhs: String, rhs: String) -> Bool { equal(lhs, rhs) }
  static func != (lhs: String, rhs: String) -> Bool { !equal(lhs, rhs) }
  static func < (lhs: String, rhs: String) -> Bool { less(lhs, rhs) }
  static func <= (lhs: String, rhs: String) -> Bool { lessOrEqual(lhs, rhs) }
  static func > (lhs: String, rhs: String) -> Bool { greater(lhs, rhs) }
  static func >= (lhs: String, rhs: String) -> Bool { greaterOrEqual(lhs, rhs) }
}

extension Substring {
  static func == (lhs: Substring, rhs: Substring) -> Bool { equal(lhs, rhs) }
  static func != (lhs: Substring, rhs: Substring) -> Bool { !equal(lhs, rhs) }
}

extension Character {
  static func == (lhs: Character, rhs: Character) -> Bool { equal(lhs, rhs) }
  static func != (lhs: Character, rhs: Character) -> Bool { !equal(lhs, rhs) }
}

extension Bool {
  static func == (lhs: Bool, rhs: Bool) -> Bool { equal(lhs, rhs) }
  static func != (lhs: Bool, rhs: Bool) -> Bool { !equal(lhs, rhs) }
}

extension Int {
  static func == (lhs: Int, rhs: Int) -> Bool { equal(lhs, rhs) }
  static func != (lhs: Int, rhs: Int) -> Bool { !equal(lhs, rhs) }
  static func < (lhs: Int, rhs: Int) -> Bool { less(lhs, rhs) }
  static func <= (lhs: Int, rhs: Int) -> Bool { lessOrEqual(lhs, rhs) }
  static func > (lhs: Int, rhs: Int) -> Bool { greater(lhs, rhs) }
  static func >= (lhs: Int, rhs: Int) -> Bool { greaterOrEqual(lhs, rhs) }
}

extension Double {
  static func == (lhs: Double, rhs: Double) -> Bool { equal(lhs, rhs) }
  static func != (lhs: Double, rhs: Double) -> Bool { !equal(lhs, rhs) }
  static func < (lhs: Double, rhs: Double) -> Bool { less(lhs, rhs) }
  static func <= (lhs: Double, rhs: Double) -> Bool { lessOrEqual(lhs, rhs) }
  static func > (lhs: Double, rhs: Double) -> Bool { greater(lhs, rhs) }
  static func >= (lhs: Double, rhs: Double) -> Bool { greaterOrEqual(lhs, rhs) }
}

extension Date {
  static func == (lhs: Date, rhs: Date) -> Bool { equal(lhs, rhs) }
  static func != (lhs: Date, rhs: Date) -> Bool { !equal(lhs, rhs) }
  static func < (lhs: Date, rhs: Date) -> Bool { less(lhs, rhs) }
  static func <= (lhs: Date, rhs: Date) -> Bool { lessOrEqual(lhs, rhs) }
  static func > (lhs: Date, rhs: Date) -> Bool { greater(lhs, rhs) }
  static func >= (lhs: Date, rhs: Date) -> Bool { greaterOrEqual(lhs, rhs) }
}

extension UUID {
  static func == (lhs: UUID, rhs: UUID) -> Bool { equal(lhs, rhs) }
  static func != (lhs: UUID, rhs: UUID) -> Bool { !equal(lhs, rhs) }
}

func == (lhs: [String], rhs: [String]) -> Bool { equal(lhs, rhs) }
func != (lhs: [String], rhs: [String]) -> Bool { !equal(lhs, rhs) }
func == (lhs: [Int], rhs: [Int]) -> Bool { equal(lhs, rhs) }
func != (lhs: [Int], rhs: [Int]) -> Bool { !equal(lhs, rhs) }
func == (lhs: [Double], rhs: [Double]) -> Bool { equal(lhs, rhs) }
func != (lhs: [Double], rhs: [Double]) -> Bool { !equal(lhs, rhs) }
func == (lhs: [Bool], rhs: [Bool]) -> Bool { equal(lhs, rhs) }
func != (lhs: [Bool], rhs: [Bool]) -> Bool { !equal(lhs, rhs) }
func == (lhs: [[String]], rhs: [[String]]) -> Bool { equal(lhs, rhs) }
func != (lhs: [[String]], rhs: [[String]]) -> Bool { !equal(lhs, rhs) }
func == (lhs: String?, rhs: String?) -> Bool { equal(lhs, rhs) }
func != (lhs: String?, rhs: String?) -> Bool { !equal(lhs, rhs) }
func == (lhs: Int?, rhs: Int?) -> Bool { equal(lhs, rhs) }
func != (lhs: Int?, rhs: Int?) -> Bool { !equal(lhs, rhs) }
func == (lhs: Double?, rhs: Double?) -> Bool { equal(lhs, rhs) }
func != (lhs: Double?, rhs: Double?) -> Bool { !equal(lhs, rhs) }
func == (lhs: Bool?, rhs: Bool?) -> Bool { equal(lhs, rhs) }
func != (lhs: Bool?, rhs: Bool?) -> Bool { !equal(lhs, rhs) }
func == (lhs: [String]?, rhs: [String]?) -> Bool { equal(lhs, rhs) }
func != (lhs: [String]?, rhs: [String]?) -> Bool { !equal(lhs, rhs) }
func == (lhs: [String: String], rhs: [String: String]) -> Bool { equal(lhs, rhs) }
func != (lhs: [String: String], rhs: [String: String]) -> Bool { !equal(lhs, rhs) }
func == (lhs: [String: Int], rhs: [String: Int]) -> Bool { equal(lhs, rhs) }
func != (lhs: [String: Int], rhs: [String: Int]) -> Bool { !equal(lhs, rhs) }
func == (lhs: [String: [String]], rhs: [String: [String]]) -> Bool { equal(lhs, rhs) }
func != (lhs: [String: [String]], rhs: [String: [String]]) -> Bool { !equal(lhs, rhs) }
func == (lhs: Set<String>, rhs: Set<String>) -> Bool { equal(lhs, rhs) }
func != (lhs: Set<String>, rhs: Set<String>) -> Bool { !equal(lhs, rhs) }
func == (lhs: Set<Int>, rhs: Set<Int>) -> Bool { equal(lhs, rhs) }
func != (lhs: Set<Int>, rhs: Set<Int>) -> Bool { !equal(lhs, rhs) }
func === (lhs: AnyObject?, rhs: AnyObject?) -> Bool {
  equal(lhs.map(ObjectIdentifier.init), rhs.map(ObjectIdentifier.init))
}
func !== (lhs: AnyObject?, rhs: AnyObject?) -> Bool {
  !equal(lhs.map(ObjectIdentifier.init), rhs.map(ObjectIdentifier.init))
}
