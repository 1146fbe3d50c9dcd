import TouchGestures

/// A touch trace, format version 1: a header and the events (see `docs/trace-format.md`).
public struct Trace: Hashable, Sendable {
    /// The header: the device, the scene, the settings, the expectations.
    public var header: TraceHeader
    /// The events in order. Events with equal `time` form one frame.
    public var events: [TouchEvent]

    /// A trace of `events` under `header`.
    public init(header: TraceHeader, events: [TouchEvent]) {
        self.header = header
        self.events = events
    }
}

/// How a trace file is laid out.
public enum TraceEncoding: String, Sendable, CaseIterable {
    /// One JSON object with an `events` array (`.json`).
    case document
    /// The header on the first line, then one event a line (`.jsonl`); written by recorders.
    case lines
}

/// Everything in a trace but its events.
public struct TraceHeader: Hashable, Sendable {
    /// The format's major version; this reader understands 1.
    public static let supportedVersion = 1

    /// The format version (1).
    public var version: Int = TraceHeader.supportedVersion
    /// The device the events came from.
    public var device: Device
    /// The `scene` object, kept as written (its `list` is checked by the reader, and made into a
    /// list by TouchReplay's `makeListModel()`).
    public var scene: JSONValue?
    /// The thresholds and arena configuration of `scene.settings`, when given: the settings a
    /// replay uses unless the caller gives its own.
    public var settings: GestureSettings?
    /// Free-form `meta`, carried through untouched.
    public var meta: JSONValue?
    /// The `expect` list: output events this trace must produce, in order.
    public var expect: [JSONObject]?
    /// The `expectNone` list: output types this trace must not produce.
    public var expectNone: [String]?
    /// Header keys this version does not define, kept in order so that they survive a rewrite.
    public var extra: [JSONObject.Member] = []

    /// A header for `device`, with an optional scene, meta and expectations.
    public init(device: Device, scene: JSONValue? = nil, meta: JSONValue? = nil,
                expect: [JSONObject]? = nil, expectNone: [String]? = nil) {
        self.device = device
        self.scene = scene
        self.meta = meta
        self.expect = expect
        self.expectNone = expectNone
    }

    /// The surface described by `device`.
    public var surface: Surface { device.surface }

    /// True when the trace states what it must (or must not) produce.
    public var isTest: Bool { expect != nil || expectNone != nil }

    /// The touch surface the trace was made on.
    public struct Device: Hashable, Sendable {
        /// The device's name, if known.
        public var name: String?
        /// Size of the surface in trace units.
        public var width: Double
        /// The surface's height, in the device's units.
        public var height: Double
        /// Trace units per millimeter, per axis, when known.
        public var resolution: Point?
        /// What one trace unit is: `"px"` (default) or `"mm"`; `nil` when the key is absent.
        public var units: String?

        /// A device `width` × `height` units, with `resolution` units per mm when known.
        public init(name: String? = nil, width: Double, height: Double, resolution: Point? = nil, units: String? = nil) {
            self.name = name
            self.width = width
            self.height = height
            self.resolution = resolution
            self.units = units
        }

        /// The surface: with `units` `"mm"` and no resolution, one unit is one millimeter;
        /// with neither, `Surface.defaultUnitsPerMillimeter` applies.
        public var surface: Surface {
            let r = resolution ?? (units == "mm" ? Point(x: 1, y: 1) : nil)
            return Surface(width: width, height: height, unitsPerMillimeter: r)
        }
    }
}
