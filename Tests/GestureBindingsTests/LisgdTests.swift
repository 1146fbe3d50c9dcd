import Testing
import TouchGestures
import TouchTrace
@testable import GestureBindings

@Suite("lisgd's -g bindings")
struct LisgdTests {
    @Test func sxmoStyleBindingsRead() throws {
        let b = try Binding(lisgd: "1,DRUL,BR,*,setsid -f sxmo_hook_inputhandler.sh bottomrightcorner", index: 1, repeatStep: 6)
        #expect(b.gesture == GesturePattern(.swipe, direction: .upLeft, fingers: 1, edge: .edge(.bottomRight)))
        #expect(b.mode == .release && b.distance == .any)
        #expect(b.command == .shell("setsid -f sxmo_hook_inputhandler.sh bottomrightcorner"))

        let p = try Binding(lisgd: "1,DU,L,*,P,sxmo_hook_inputhandler.sh upleftedge", index: 2, repeatStep: 6)
        #expect(p.gesture.direction == .up && p.gesture.edge == .edge(.left) && p.mode == .repeating(step: 6))
        #expect(p.command.line == "sxmo_hook_inputhandler.sh upleftedge")

        let commas = try Binding(lisgd: "2,LR,N,L,R,printf '%s,%s' a b", index: 3, repeatStep: 6)
        #expect(commas.gesture.fingers == 2 && commas.gesture.edge == .none && commas.distance == .long)
        #expect(commas.command.line == "printf '%s,%s' a b")
        #expect(commas.origin == "-g #3")
    }

    @Test func everyGestureCodeIsTheDirectionItNames() throws {
        let expected: [String: SwipeDirection] = ["LR": .right, "RL": .left, "DU": .up, "UD": .down,
                                                  "DLUR": .upRight, "URDL": .downLeft, "ULDR": .downRight, "DRUL": .upLeft]
        for (code, direction) in expected {
            #expect(try Binding(lisgd: "1,\(code),*,*,R,x", index: 1, repeatStep: 6).gesture.direction == direction, "\(code)")
        }
    }

    @Test(arguments: [
        ("1,DU,B,*", "-g #1: error: in \"1,DU,B,*\": expected nfingers,gesture,edge,distance[,actmode],command (4 fields given)"),
        ("one,DU,B,*,R,x", "-g #1: error: in \"one,DU,B,*,R,x\": field 1 (expected a finger count from 1 to 10), found 'one'"),
        ("1,UP,B,*,R,x", "-g #1: error: in \"1,UP,B,*,R,x\": field 2 (expected a gesture: LR, RL, DU, UD, DLUR, DRUL, URDL or ULDR), found 'UP'"),
        ("1,DU,X,*,R,x", "-g #1: error: in \"1,DU,X,*,R,x\": field 3 (expected an edge: * (any), N (none), L, R, T, B, TL, TR, BL or BR), found 'X'"),
        ("1,DU,B,XL,R,x", "-g #1: error: in \"1,DU,B,XL,R,x\": field 4 (expected a distance: * (any), S, M or L), found 'XL'"),
        ("1,DU,B,*,R, ", "-g #1: error: in \"1,DU,B,*,R, \": field 6 (expected a command), found ' '"),
    ])
    func mistakesNameTheField(_ spec: String, _ message: String) {
        if let error = (#expect(throws: DiagnosticError.self, "accepted \(spec)") { _ = try Binding(lisgd: spec, index: 1, repeatStep: 6) }) {
            #expect(error.description == message)
        }
    }
}
