"""The first program of docs/c-api.md, in Python: one finger 300 units to the right in 0.1 s on an
800 x 480 panel at 5 units per millimetre, and every event the engine reports, one JSON line
each (the same lines as examples/c/first.c prints)."""
import touchgestures as tg

engine = tg.Engine(800, 480, units_per_mm=5)
for i in range(11):
    engine.touch(i * 0.01, 0, tg.DOWN if i == 0 else tg.MOVE, 100 + 30 * i, 240)
    engine.frame()
engine.touch(0.1, 0, tg.UP, 400, 240)
engine.frame()
for event in engine.events():
    print(event.json)
