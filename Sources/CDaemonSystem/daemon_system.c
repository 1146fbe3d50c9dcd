// Headers only; see include/daemon_system.h.
