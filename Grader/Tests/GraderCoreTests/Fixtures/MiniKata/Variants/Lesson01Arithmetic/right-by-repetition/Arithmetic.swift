// Variant: multiplication as repeated addition; another correct design.
/// Adds two numbers.
public func add(_ left: Int, _ right: Int) -> Int { left + right }

/// Multiplies two numbers by adding `left` to itself `right` times.
public func multiply(_ left: Int, _ right: Int) -> Int {
  (0..<right).reduce(0) { total, _ in total + left }
}
