/// Adds two numbers. (The starter gets it wrong on purpose.)
///
/// TODO: Task 1 — add, do not subtract.
public func add(_ left: Int, _ right: Int) -> Int { left - right }

/// Multiplies two numbers. (The starter gets it wrong on purpose.)
///
/// TODO: Task 2 — multiply, do not add.
public func multiply(_ left: Int, _ right: Int) -> Int { left + right }
