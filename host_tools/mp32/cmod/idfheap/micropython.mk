# host_tools/mp32: the simulated ESP-IDF heap the 32-bit unix port grows
# its Python heap into (idfheap.c; idfheap.h is forced into every file).
IDFHEAP_DIR := $(USERMOD_DIR)
SRC_USERMOD_C += $(IDFHEAP_DIR)/idfheap.c
