/* streamrec FILE [DELAY_MS [LINES]]: a streaming binding's reader for the VM's stream case. Reads
 * its standard input a line at a time and appends "SECONDS LINE" to FILE, SECONDS the line's
 * arrival on CLOCK_MONOTONIC (the clock of the kernel's input timestamps, which the line's own
 * time field carries), to nanoseconds. DELAY_MS: sleeps that long after each line (a slow reader).
 * LINES: exits after that many lines (a reader that leaves early); 0 or none reads to the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc < 2 || argc > 4) return 2;
    long delay = argc > 2 ? atol(argv[2]) : 0, most = argc > 3 ? atol(argv[3]) : 0, n = 0;
    FILE *f = fopen(argv[1], "a");
    if (!f) return 1;
    char line[512];
    while (fgets(line, sizeof line, stdin)) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        fprintf(f, "%ld.%09ld %s", (long)ts.tv_sec, ts.tv_nsec, line);
        if (!strchr(line, '\n')) fputc('\n', f);
        fflush(f);
        if (most > 0 && ++n >= most) break;
        if (delay > 0) {
            struct timespec d = { delay / 1000, (delay % 1000) * 1000000L };
            nanosleep(&d, NULL);
        }
    }
    return fclose(f) == 0 ? 0 : 1;
}
