# host_tools/mp32: this process's CPU time (cpuclock.c), the benchmarks'
# device clock.
CPUCLOCK_DIR := $(USERMOD_DIR)
SRC_USERMOD_C += $(CPUCLOCK_DIR)/cpuclock.c
