extension Array {
    /// Removes the elements past the first `count`, keeping the memory, one at a time.
    ///
    /// For the arrays emptied at every frame (a frame's events, the contacts, a scratch array),
    /// which hold a few elements: `removeAll(keepingCapacity:)` and `removeLast(_:)` go through
    /// Array's generic `replaceSubrange`, 84 instructions a frame in the evdev decoder
    /// (callgrind), 0.8% of touch-gestured's time in the VM test (perf).
    @inlinable @inline(__always) package mutating func shrink(to count: Int) {
        while self.count > count { removeLast() }
    }
}
