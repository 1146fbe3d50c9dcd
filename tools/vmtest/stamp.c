/* stamp FILE NAME: appends "SECONDS NAME" to FILE, SECONDS read from CLOCK_MONOTONIC (the clock
 * the kernel stamps input events with for the readers that ask for it), to nanoseconds. The VM's
 * latency case binds each gesture to it, to measure from the frame that ended a gesture to the
 * start of the command it ran. */
#include <stdio.h>
#include <time.h>

int main(int argc, char **argv) {
    struct timespec ts;
    if (argc != 3 || clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 2;
    FILE *f = fopen(argv[1], "a");
    if (!f) return 1;
    fprintf(f, "%ld.%09ld %s\n", (long)ts.tv_sec, ts.tv_nsec, argv[2]);
    return fclose(f) == 0 ? 0 : 1;
}
