extension GestureEvent {
    /// A declared sequence of steps, done (``GestureSequence``).
    ///
    /// Its name is kept in the event's own bytes (at most ``GestureSequence/maxNameBytes`` of
    /// UTF-8), not as a `String`: a string in an event would make copying every event of the
    /// engine a retain and a release.
    public struct Sequence: Hashable, Sendable {
        /// Its index in ``GestureSettings/sequences``.
        public var index: Int
        /// Fingers down when its last step was done.
        public var fingers: Int
        /// The fingers' centre then (surface units).
        public var position: Point
        /// Seconds from its first step's beginning to its last step's end.
        public var duration: Double
        private var nameBytes = InlineArray<32, UInt8>(repeating: 0)
        private var nameCount: UInt8 = 0

        /// The sequence's ``GestureSequence/name``.
        public var name: String {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Int(nameCount))
            for k in 0..<Int(nameCount) { bytes.append(nameBytes[k]) }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// A sequence's report with these values; a name longer than
        /// ``GestureSequence/maxNameBytes`` keeps its first bytes that make whole characters.
        public init(index: Int, name: String, fingers: Int, position: Point, duration: Double) {
            (self.index, self.fingers, self.position, self.duration) = (index, fingers, position, duration)
            var n = 0
            for ch in name.unicodeScalars {
                let utf8 = String(ch).utf8
                guard n + utf8.count <= GestureSequence.maxNameBytes else { break }
                for b in utf8 {
                    nameBytes[n] = b
                    n += 1
                }
            }
            nameCount = UInt8(n)
        }

        /// Two are equal when their values and their names are (the name's bytes past its length
        /// are not part of it).
        public static func == (a: Sequence, b: Sequence) -> Bool {
            guard a.index == b.index, a.fingers == b.fingers, a.position == b.position, a.duration == b.duration,
                  a.nameCount == b.nameCount else { return false }
            for k in 0..<Int(a.nameCount) where a.nameBytes[k] != b.nameBytes[k] { return false }
            return true
        }

        /// Hashes what ``==(_:_:)`` compares.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(index)
            hasher.combine(fingers)
            hasher.combine(position)
            hasher.combine(duration)
            for k in 0..<Int(nameCount) { hasher.combine(nameBytes[k]) }
        }
    }
}
