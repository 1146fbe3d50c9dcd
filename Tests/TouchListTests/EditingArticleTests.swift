import Foundation
import Testing
import TouchGestures
import TouchList
import TouchTestSupport

// --- from TouchList.docc/TheListModel.md, "Actions that act, and editing the rows" ---
/// A mail list's answer to what the controller reported, once it has returned: Delete (the
/// trailing action at the edge) deletes the mail and its row; Archive (the leading one) moves
/// the mail to the end of the list; a row dragged and dropped (`rowMoved`, with
/// ``ListOptions/reorder``) takes its mail with it. It returns what the screen is told: the
/// reports, each edit's own after the report it answers. The app's loop calls it after each
/// frame and each advance:
///
///     var outputs: [ListController.Output] = []
///     controller.handle(frame) { outputs.append($0) }
///     let shown = answer(outputs, controller: &controller, mail: &mail)
@discardableResult
func answer(_ reported: [ListController.Output], controller: inout ListController, mail: inout [String]) -> [ListController.Output] {
    var shown: [ListController.Output] = []
    for output in reported {
        shown.append(output)
        guard case .list(let change) = output else { continue }
        switch change.kind {
        case .rowMoved(let from, let to):
            // A drop: the list has moved the row already; the mail follows. (An edit's own
            // `rowMoved` goes to `shown`, never through here.)
            mail.insert(mail.remove(at: from), at: to)
        case .rowAction(let row, let side, 0):
            let edit = side == .trailing
                ? ListEdits(deleting: [row])
                : ListEdits(moving: [RowMove(from: row, to: mail.count - 1)])
            do {
                try controller.performEdits(edit, at: change.time) { shown.append($0) }
                let message = mail.remove(at: row)
                if side == .leading { mail.append(message) }
            } catch {
                print("not edited: \(error)")      // a row the list no longer has
            }
        default:
            continue
        }
    }
    return shown
}
// ---

/// The TouchList article's editing example, compiled here, run on touches, and held to the
/// article's text.
@Suite("The editing example of the TouchList article")
struct EditingArticleTests {
    /// Row `row` dragged open to the left (35 mm, held), then a tap at `x` on it.
    static func openAndTap(row: Int, leftward: Bool, tapX: Double) -> [TouchEvent] {
        var s = Script()
        let y = Double(row) * 60 + 30
        let (x0, x1) = leftward ? (600.0, 425.0) : (200.0, 375.0)
        s.down(0, 0, x0, y)
        for k in 1...48 { s.move(Double(k) / 120, 0, x0 + (x1 - x0) * Double(k) / 48, y) }
        s.move(0.55, 0, x1, y)
        s.up(0.55, 0, x1, y)
        s.down(1.5, 1, tapX, y)
        s.up(1.55, 1, tapX, y)
        return s.events
    }

    func run(_ events: [TouchEvent], reorder: Bool = false) -> (ListController, [String], animations: [RowAnimation.Kind]) {
        var options = ListOptions()
        options.leadingActions = 160
        options.trailingActions = [120, 120]
        options.reorder = reorder
        var animations: [RowAnimation.Kind] = []
        var controller = ListController(surface: panel, list: ListModel(layout: eightRows, options: options))
        var mail = (0..<8).map { "mail \($0)" }
        func handle(_ frame: TouchFrame) {
            var outputs: [ListController.Output] = []
            controller.handle(frame) { outputs.append($0) }
            answer(outputs, controller: &controller, mail: &mail)
            animations += controller.list.editAnimations.map(\.kind)
        }
        var frames = FrameAssembler()
        for e in events { frames.add(e) { handle($0) } }
        frames.flush { handle($0) }
        var outputs: [ListController.Output] = []
        controller.advance(to: 5) { outputs.append($0) }
        answer(outputs, controller: &controller, mail: &mail)
        return (controller, mail, animations)
    }

    @Test("Delete tapped: the mail and its row go, and the row collapses")
    func deleteTapped() {
        let (c, mail, animations) = run(Self.openAndTap(row: 3, leftward: true, tapX: 780))
        #expect(mail == ["mail 0", "mail 1", "mail 2", "mail 4", "mail 5", "mail 6", "mail 7"])
        #expect(c.list.rowCount == 7)
        #expect(animations == [.collapse])
        #expect(c.list.editAnimations.isEmpty, "the collapse ended by 5 s and is let go")
    }

    @Test("Archive tapped: the mail and its row move to the end")
    func archiveTapped() {
        let (c, mail, _) = run(Self.openAndTap(row: 2, leftward: false, tapX: 20))
        #expect(mail.last == "mail 2" && mail.count == 8)
        #expect(c.list.rowCount == 8)
        #expect(c.list.rowSwipes.swiped.isEmpty)
    }

    @Test("Flag (index 1) is not an edit in this example")
    func flagTapped() {
        let (c, mail, _) = run(Self.openAndTap(row: 3, leftward: true, tapX: 620))
        #expect(mail.count == 8 && c.list.rowCount == 8)
    }

    @Test("a row dragged and dropped takes its mail with it (the example left the mail where it was)")
    func dropMovesTheMail() {
        // Row 1 (y 60–120) held 0.7 s at y 90, carried 3 rows down, lifted.
        var s = Script()
        s.down(0, 0, 400, 90)
        for k in 1...36 { s.move(0.7 + Double(k) / 120, 0, 400, 90 + 5 * Double(k)) }
        s.up(1.1, 0, 400, 270)
        let (c, mail, _) = run(s.events, reorder: true)
        #expect(mail == ["mail 0", "mail 2", "mail 3", "mail 4", "mail 1", "mail 5", "mail 6", "mail 7"], "\(mail)")
        #expect(c.list.rowCount == 8)
    }

    @Test("the article shows this code, word for word")
    func articleShowsTheCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: here, encoding: .utf8)
        let start = try #require(source.range(of: "// --- from TouchList.docc/TheListModel.md, \"Actions that act, and editing the rows\" ---\n"))
        let end = try #require(source.range(of: "\n// ---\n", range: start.upperBound..<source.endIndex))
        let code = String(source[start.upperBound..<end.lowerBound])
        let article = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/TouchList/TouchList.docc/TheListModel.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        #expect(text.contains("```swift\n" + code + "\n```"))
    }
}
