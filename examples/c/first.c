#include <stdio.h>
#include <touchgestures.h>

int main(void)
{
	/* An 800 x 480 panel at 5 units per millimetre, default settings. */
	struct tg_engine *engine = tg_engine_new(800, 480, 5, 5, 0, NULL);
	/* One finger, 300 units to the right in 0.1 s. */
	for (int i = 0; i <= 10; i++) {
		tg_engine_touch(engine, i * 0.01, 0, i == 0 ? TG_TOUCH_DOWN : TG_TOUCH_MOVE, 100 + 30 * i, 240);
		tg_engine_frame(engine);
	}
	tg_engine_touch(engine, 0.1, 0, TG_TOUCH_UP, 400, 240);
	tg_engine_frame(engine);
	const struct tg_event *event;
	while ((event = tg_engine_next_event(engine)) != NULL)
		printf("%s\n", tg_event_get_json(event, NULL));
	tg_engine_destroy(engine);
	return 0;
}
