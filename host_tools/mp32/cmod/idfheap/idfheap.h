// Forced into every file of the 32-bit unix port build (gcc -include) by
// host_tools/mp32: the GC grows its heap as the esp32 port's does
// (ports/esp32/mpconfigport.h: MICROPY_GC_SPLIT_HEAP and _AUTO), taking
// new areas from the simulated ESP-IDF heap of idfheap.c, not from malloc
// without limit.
#ifndef MP32_IDFHEAP_H
#define MP32_IDFHEAP_H

#include <stddef.h>

#define MICROPY_GC_SPLIT_HEAP (1)
#define MICROPY_GC_SPLIT_HEAP_AUTO (1)

void *mp32_idf_alloc(size_t size);
void mp32_idf_free(void *ptr);

#define MP_PLAT_ALLOC_HEAP(size) mp32_idf_alloc(size)
#define MP_PLAT_FREE_HEAP(ptr) mp32_idf_free(ptr)

#endif
