/*
 * list: drives the headless list by hand (no trace) and draws it as text.
 *
 *   cc list.c $(pkg-config --cflags --libs touchgestures) -o list && ./list
 *
 * A 30-row list with trailing actions on a 400 x 300 panel: a flick up, then a swipe to the
 * left on a row, each frame given as a touchscreen would give it; the list's events are
 * printed as they come, and the list is drawn when it has come to rest.
 */
#include <stdio.h>
#include <touchgestures.h>

static const char *scene =
	"{\"format\": \"touch-trace\", \"version\": 1,"
	" \"device\": {\"width\": 400, \"height\": 300, \"resolution\": {\"x\": 5, \"y\": 5}},"
	" \"scene\": {\"list\": {\"rows\": 30, \"rowHeight\": 40, \"width\": 400, \"height\": 300,"
	"                       \"trailingActions\": 120, \"swipePolicy\": \"oneOpen\"}},"
	" \"events\": []}";

/* Prints what the list reported since the last call. */
static void drain(struct tg_list *list)
{
	const struct tg_event *event;
	while ((event = tg_list_next_event(list)) != NULL) {
		enum tg_event_type type = tg_event_get_type(event);
		if (type == TG_EVENT_SCROLL || type == TG_EVENT_ROW_OFFSET || type == TG_EVENT_PAN)
			continue; /* one per frame: too many to print */
		printf("%7.3f  %s\n", tg_event_get_time(event), tg_event_get_json(event, NULL));
	}
}

/* One finger from (x0, y0) to (x1, y1) in `frames` frames of 1/60 s, starting at *t. */
static void stroke(struct tg_list *list, double *t, double x0, double y0, double x1, double y1, int frames)
{
	tg_list_touch(list, *t, 0, TG_TOUCH_DOWN, x0, y0);
	tg_list_frame(list);
	for (int i = 1; i <= frames; i++) {
		*t += 1.0 / 60;
		tg_list_touch(list, *t, 0, i == frames ? TG_TOUCH_UP : TG_TOUCH_MOVE,
			      x0 + (x1 - x0) * i / frames, y0 + (y1 - y0) * i / frames);
		tg_list_frame(list);
		drain(list);
	}
}

/* Lets the list move on its own, one display frame at a time, until it rests. */
static void settle(struct tg_list *list, double *t)
{
	while (tg_list_is_animating(list)) {
		*t += 1.0 / 60;
		tg_list_advance(list, *t);
		drain(list);
	}
}

static void draw(struct tg_list *list)
{
	int cells = tg_list_layout(list);
	printf("offset %.1f, %d cells:\n", tg_list_content_offset(list), cells);
	for (int i = 0; i < cells; i++) {
		struct tg_cell cell;
		if (tg_list_cell(list, i, &cell) != TG_OK || cell.kind != TG_CELL_ROW)
			continue;
		double slide = tg_list_row_offset(list, cell.index);
		/* 40 columns for 400 units: the row's content shifted by its slide. */
		int shift = (int)(-slide / 10);
		/* Where the row is drawn now: its laid-out place with any animation applied (an
		 * edit's rows sliding, a lifted row), the same once the list rests. */
		double y;
		tg_list_cell_drawn(list, i, &y, NULL);
		printf("%6.1f |", y);
		for (int c = 0; c < 40; c++) {
			if (c >= 40 - shift)
				putchar('#'); /* an action uncovered */
			else
				putchar(c == 1 ? 'r' : c == 2 ? 'o' : c == 3 ? 'w' : ' ');
		}
		printf("| row %d%s\n", cell.index, tg_list_row_is_swiped(list, cell.index) == 1 ? " (open)" : "");
	}
}

int main(void)
{
	struct tg_list *list = tg_list_new(scene);
	if (list == NULL) {
		fprintf(stderr, "%s\n", tg_last_error());
		return 1;
	}
	double t = 0;
	stroke(list, &t, 200, 260, 200, 100, 8); /* a flick up */
	settle(list, &t);
	t += 0.5;
	stroke(list, &t, 300, 150, 120, 152, 10); /* a swipe to the left on the row at y 150 */
	settle(list, &t);
	tg_list_finish(list);
	drain(list);
	draw(list);
	tg_list_destroy(list);
	return 0;
}
