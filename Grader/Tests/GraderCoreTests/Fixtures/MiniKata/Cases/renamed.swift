// Renames add(_:_:) to plus(_:_:): the learner's file compiles, the tests no longer do.
public func plus(_ left: Int, _ right: Int) -> Int { left + right }

public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
