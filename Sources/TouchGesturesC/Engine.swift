import TouchGestures
import TouchList
import TouchTrace

/// `struct tg_engine`: a gesture engine, the touches being gathered, and its event queue.
typealias CEngine = TouchSession<EngineCore>

/// Gesture settings from a C string of the trace format's settings JSON, or the defaults.
func settings(_ json: UnsafePointer<CChar>?) throws(Refusal) -> GestureSettings {
    guard json != nil else { return GestureSettings() }
    let text = try bytes(json, "tg_engine_new", "settings_json")
    do {
        return try GestureSettings.from(text: text, name: "settings")
    } catch {
        throw Refusal(.badInput, message(error.diagnostics))
    }
}

/// `tg_engine_new()` of touchgestures.h, where it is documented.
@_cdecl("tg_engine_new")
public func tg_engine_new(_ width: Double, _ height: Double, _ unitsPerMillimeterX: Double, _ unitsPerMillimeterY: Double,
                          _ rotation: Int32, _ settingsJSON: UnsafePointer<CChar>?) -> OpaquePointer? {
    made { () throws(Refusal) in
        let (surface, turn) = try TouchFeed.surface(width: width, height: height, unitsPerMillimeterX: unitsPerMillimeterX,
                                                    unitsPerMillimeterY: unitsPerMillimeterY, rotation: rotation, function: "tg_engine_new")
        let given = try settings(settingsJSON)
        let engine = EngineCore(engine: GestureEngine(settings: given, surface: surface))
        return CEngine(core: engine, feed: TouchFeed(rotation: turn, panelWidth: width, panelHeight: height))
    }
}

/// `tg_engine_destroy()` of touchgestures.h, where it is documented.
@_cdecl("tg_engine_destroy")
public func tg_engine_destroy(_ engine: OpaquePointer?) { release(engine, as: CEngine.self) }

/// `tg_engine_set_explain()` of touchgestures.h, where it is documented.
@_cdecl("tg_engine_set_explain")
public func tg_engine_set_explain(_ engine: OpaquePointer?, _ on: Int32) -> Int32 {
    with(engine, "tg_engine_set_explain", "engine") { (e: CEngine) in
        e.core.engine.explain = on != 0
        return Status.ok.rawValue
    }
}

/// `tg_engine_touch()` of touchgestures.h, where it is documented.
@_cdecl("tg_engine_touch")
public func tg_engine_touch(_ engine: OpaquePointer?, _ time: Double, _ id: Int32, _ phase: Int32, _ x: Double, _ y: Double) -> Int32 {
    CEngine.touch(engine, "tg_engine_touch", "engine", time: time, id: id, phase: phase, x: x, y: y)
}

/// `tg_engine_frame()` of touchgestures.h, where it is documented.
@_cdecl("tg_engine_frame") @inline(__always)
public func tg_engine_frame(_ engine: OpaquePointer?) -> Int32 { CEngine.frame(engine, "tg_engine_frame", "engine") }

/// `tg_engine_advance()` of touchgestures.h, where it is documented.
@_cdecl("tg_engine_advance")
public func tg_engine_advance(_ engine: OpaquePointer?, _ time: Double) -> Int32 {
    CEngine.advance(engine, "tg_engine_advance", "engine", to: time)
}

/// `tg_engine_next_deadline()` of touchgestures.h, where it is documented.
@_cdecl("tg_engine_next_deadline")
public func tg_engine_next_deadline(_ engine: OpaquePointer?) -> Double { CEngine.nextDeadline(engine) }

/// `tg_engine_finish()` of touchgestures.h, where it is documented.
@_cdecl("tg_engine_finish")
public func tg_engine_finish(_ engine: OpaquePointer?) -> Int32 { CEngine.finish(engine, "tg_engine_finish", "engine") }

/// `tg_engine_next_event()` of touchgestures.h, where it is documented.
@_cdecl("tg_engine_next_event") @inline(__always)
public func tg_engine_next_event(_ engine: OpaquePointer?) -> OpaquePointer? { CEngine.nextEvent(engine) }
