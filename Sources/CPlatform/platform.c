// The platform layer's one piece that is not in its header: main's arguments, kept at start.
#include "platform.h"

static int argument_count;
static char **arguments;

// glibc calls each initializer in .init_array with main's (argc, argv, envp), in a dynamic and
// in a static program alike: the arguments are kept before any Swift code runs.
__attribute__((constructor)) static void platform_keep_arguments(int argc, char **argv, char **envp) {
	(void)envp;
	argument_count = argc;
	arguments = argv;
}

int platform_argument_count(void) { return argument_count; }

const char *platform_argument(int index) {
	return index >= 0 && index < argument_count ? arguments[index] : NULL;
}
