// The peers' gestures built with Wayfire's wf-touch (Debian's libwf-touch-dev 0.7.4), fed the
// same touches as this project's engine: issue 60's measure of declared sequences against the
// library that composes gestures at run time. Built and run by tools/wftouch/compare.
//
// Input, on standard input: a line `S WIDTH HEIGHT` (the surface in millimetres), then one line
// per touch event, `TIME ID PHASE X Y`: seconds, the contact, d (down), m (move), u (up) or
// c (cancel), millimetres from the top left. Events are given in millimetres so that every
// threshold below is the one this project's engine uses (wf-touch takes whatever unit it is fed).
// Output: one line per gesture completed, `TIME NAME`.
//
// The host's part: when a touch goes down with no finger down, every gesture that is not
// running (wf-touch 0.7.4 says so by its progress) starts again; every event goes to every
// gesture, in order. A
// gesture has no arena: each runs on its own, and one touch may complete several.
#include <wayfire/touch/touch.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace wf::touch;

namespace {

// This project's defaults, in mm and ms (GestureSettings): the tap slop, the edge zone, the
// swipe's distance, the long press's time.
constexpr double slop = 4.7, edge = 5, swipe = 12;
constexpr uint32_t longPress = 500;

struct Named {
    std::string name;
    std::unique_ptr<gesture_t> gesture;
    bool done = false;
};

using Actions = std::vector<std::unique_ptr<gesture_action_t>>;

std::unique_ptr<gesture_action_t> touch(int fingers, bool down, touch_target_t target = {-1e9, -1e9, 2e9, 2e9},
                                        uint32_t within = UINT32_MAX) {
    auto a = std::make_unique<touch_action_t>(fingers, down);
    a->set_target(target);
    a->set_move_tolerance(slop);
    a->set_duration(within);
    return a;
}

std::unique_ptr<gesture_action_t> hold(uint32_t ms) {
    auto a = std::make_unique<hold_action_t>(ms);
    a->set_move_tolerance(slop);
    return a;
}

std::unique_ptr<gesture_action_t> drag(uint32_t direction, double mm, double tolerance = slop) {
    auto a = std::make_unique<drag_action_t>(direction, mm);
    a->set_move_tolerance(tolerance);
    return a;
}

std::unique_ptr<gesture_action_t> pinch(double scale) {
    auto a = std::make_unique<pinch_action_t>(scale);
    a->set_move_tolerance(swipe);
    return a;
}

}  // namespace

int main() {
    double width = 0, height = 0;
    if (std::scanf(" S %lf %lf", &width, &height) != 2 || !(width > 0) || !(height > 0)) {
        std::fprintf(stderr, "harness: the first line must be `S WIDTH HEIGHT` in millimetres\n");
        return 2;
    }
    const touch_target_t bottom{-1e9, height - edge, 2e9, 1e9}, right{width - edge, -1e9, 1e9, 2e9};
    const touch_target_t topRightHalf{width / 2, -1e9, 1e9, edge + 1e9};
    std::vector<Named> gestures;
    std::vector<std::string> fired;
    double now = 0;
    auto add = [&](std::string name, Actions actions) {
        gestures.push_back(Named{name, nullptr});
        size_t k = gestures.size() - 1;
        gestures[k].gesture = std::make_unique<gesture_t>(std::move(actions), [&, k] {
            std::printf("%.6f %s\n", now, gestures[k].name.c_str());
        });
    };
    // Built the way hyprgrass builds its five (touch N, then the action), and the sequences of
    // dist/examples/sequences.toml step for step.
    Actions a;
    a.push_back(touch(3, true)); a.push_back(drag(MOVE_DIRECTION_UP, swipe)); add("swipe-3-up", std::move(a));
    a.clear(); a.push_back(touch(1, true, bottom)); a.push_back(drag(MOVE_DIRECTION_UP, swipe)); add("edge-bottom-up", std::move(a));
    a.clear(); a.push_back(touch(2, true)); a.push_back(hold(longPress)); add("long-press-2", std::move(a));
    a.clear(); a.push_back(touch(2, true)); a.push_back(touch(2, false)); add("tap-2", std::move(a));
    a.clear(); a.push_back(touch(2, true)); a.push_back(pinch(0.5)); add("pinch-2-in", std::move(a));
    a.clear(); a.push_back(touch(4, true, right)); a.push_back(drag(MOVE_DIRECTION_LEFT, swipe)); add("edge-right-left-4", std::move(a));
    a.clear(); a.push_back(touch(3, true)); a.push_back(pinch(0.5)); add("pinch-3-in", std::move(a));
    // wf-touch's touch action counts the fingers down in all: the second finger is touch(2).
    a.clear(); a.push_back(touch(1, true)); a.push_back(hold(300)); a.push_back(touch(2, true)); a.push_back(drag(MOVE_DIRECTION_UP, swipe, 1e9));
    add("hold-and-swipe", std::move(a));
    a.clear(); a.push_back(touch(1, true)); a.push_back(hold(300)); a.push_back(touch(2, true)); a.push_back(drag(MOVE_DIRECTION_DOWN, swipe, 1e9));
    add("hold-swipe-down", std::move(a));
    a.clear(); a.push_back(touch(1, true)); a.push_back(drag(MOVE_DIRECTION_RIGHT, swipe)); a.push_back(drag(MOVE_DIRECTION_UP, swipe));
    add("right-then-up", std::move(a));
    // A tap as this project's: no limit on how long a finger stays down (tap.maxDuration is
    // none), the next touch within tap.maxGap (0.3 s) of the lift.
    const touch_target_t anywhere{-1e9, -1e9, 2e9, 2e9};
    a.clear(); a.push_back(touch(1, true)); a.push_back(touch(1, false));
    a.push_back(touch(1, true, anywhere, 300)); a.push_back(touch(1, false));
    a.push_back(touch(1, true, anywhere, 300)); a.push_back(hold(500));
    add("tap-tap-hold", std::move(a));
    a.clear(); a.push_back(touch(1, true, bottom)); a.push_back(hold(400)); a.push_back(drag(MOVE_DIRECTION_UP, 15)); add("drawer", std::move(a));
    a.clear(); a.push_back(touch(1, true, topRightHalf)); a.push_back(drag(MOVE_DIRECTION_DOWN, 24)); add("menu", std::move(a));

    std::set<int> down;
    double t, x, y;
    int id;
    char phase;
    while (std::scanf(" %lf %d %c %lf %lf", &t, &id, &phase, &x, &y) == 5) {
        now = t;
        gesture_event_t e;
        e.time = static_cast<uint32_t>(std::llround(t * 1000));
        e.finger = id;
        e.pos = {x, y};
        switch (phase) {
        case 'd':
            e.type = EVENT_TYPE_TOUCH_DOWN;
            if (down.empty()) {
                // Not running: cancelled (progress 0) or completed (1); one at its first
                // action (0 too) starts that action again, which changes nothing.
                for (auto& g : gestures) {
                    double p = g.gesture->get_progress();
                    if (p <= 0 || p >= 1) g.gesture->reset(e.time);
                }
            }
            down.insert(id);
            break;
        case 'm': e.type = EVENT_TYPE_MOTION; break;
        case 'u': case 'c': e.type = EVENT_TYPE_TOUCH_UP; down.erase(id); break;
        default:
            std::fprintf(stderr, "harness: unknown phase '%c' at %.6f s\n", phase, t);
            return 2;
        }
        for (auto& g : gestures) g.gesture->update_state(e);
    }
    return 0;
}
