// What the gesture daemon needs from Linux that Swift's Glibc module leaves out.
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
