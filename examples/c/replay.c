/*
 * replay: prints what `touchtrace replay --json TRACE` prints, through the C library.
 *
 *   cc replay.c $(pkg-config --cflags --libs touchgestures) -o replay
 *   ./replay traces/tap-single.json
 *
 * Exit status as touchtrace's: 0 replayed, 2 the trace could not be read or is invalid (the
 * output then covers the events before its errors), 64 wrong usage.
 */
#include <stdio.h>
#include <string.h>
#include <touchgestures.h>

int main(int argc, char **argv)
{
	int explain = argc == 3 && strcmp(argv[1], "--explain") == 0;
	if (argc != 2 + explain) {
		fprintf(stderr, "usage: %s [--explain] TRACE\n", argv[0]);
		return 64;
	}
	struct tg_replay *replay = tg_replay_open(argv[1 + explain], explain);
	if (replay == NULL) {
		fprintf(stderr, "%s\n", tg_last_error());
		return 2;
	}
	const struct tg_event *event;
	while ((event = tg_replay_next_event(replay)) != NULL) {
		size_t length;
		const char *line = tg_event_get_json(event, &length);
		fwrite(line, 1, length, stdout);
		putchar('\n');
	}
	int status = tg_replay_status(replay);
	if (status != TG_OK)
		fprintf(stderr, "%s\n%s: not a valid trace\n", tg_last_error(), argv[1 + explain]);
	tg_replay_destroy(replay);
	return status == TG_OK ? 0 : 2;
}
