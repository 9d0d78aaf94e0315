// The ESP-IDF heap the 32-bit unix port grows its Python heap into, as the
// esp32 port of MicroPython grows its own: the GC starts with the -X
// heapsize heap (the port's 56 KB), and when an allocation fails after a
// collection py/gc.c gc_try_add_heap asks gc_get_max_new_split() (on the
// esp32 port: the largest free block of the IDF heap, ports/esp32/
// gccollect.c) and adds an area of at least the heap's size so far from
// MP_PLAT_ALLOC_HEAP; an area a collection empties goes back through
// MP_PLAT_FREE_HEAP.  gc.mem_free() counts the largest block (py/modgc.c).
//
// The simulated IDF heap is a list of free regions, each one contiguous
// stretch, read once from the environment:
//   MP32_IDF_HEAP    their sizes in bytes, comma-separated ("110592",
//                    "110592,16384"); unset, empty or "0": no room at all,
//                    the fixed heap -X heapsize gives (the floor)
//   MP32_IDF_REPORT  a file this process writes its counts to at exit
// An area is placed first fit (the first region, then the lowest offset,
// with room) and its bytes are given back where they were, so the largest
// free block is what an allocator without coalescing tricks would leave.
// The budget decides whether an area may be had; its memory comes from
// malloc.  Allocator overheads (a few bytes a block) are not counted.
//
// Module idfheap, for tests and the device simulator:
//   info()       [(total, free, largest_free_block, min_free), ...] a region,
//                as esp32.idf_heap_info(esp32.HEAP_DATA) gives them
//   take(n)      hold n bytes for something else (a radio driver); returns
//                a handle, OSError(ENOMEM) when no block has room
//   give(handle) give them back
//   stats()      {"added", "freed", "refused", "taken", "most"}: GC areas
//                added and given back, allocations refused, bytes the GC
//                holds now and at most
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "py/gc.h"
#include "py/mperrno.h"
#include "py/runtime.h"

#define MAX_REGIONS (8)
#define MAX_AREAS (64)

typedef struct {
    size_t size;
    size_t min_free;
} region_t;

typedef struct {
    void *ptr;          // the GC area's memory; NULL for take()
    int region;         // -1: the slot is empty
    size_t off;
    size_t size;
} area_t;

static region_t regions[MAX_REGIONS];
static int n_regions = -1;      // -1: the environment not read yet
static area_t areas[MAX_AREAS];
static size_t added, freed, refused, taken, most;

static size_t region_used(int r) {
    size_t used = 0;
    for (int i = 0; i < MAX_AREAS; i++) {
        if (areas[i].region == r) {
            used += areas[i].size;
        }
    }
    return used;
}

// The lowest offset in region r with `size` free bytes from it (or, with
// size 0, the largest gap's size in *largest); -1 when there is none.
static long region_fit(int r, size_t size, size_t *largest) {
    size_t at = 0, best = 0;
    for (;;) {
        // the area starting first at or after `at`
        int next = -1;
        for (int i = 0; i < MAX_AREAS; i++) {
            if (areas[i].region == r && areas[i].off >= at
                && (next < 0 || areas[i].off < areas[next].off)) {
                next = i;
            }
        }
        size_t end = next < 0 ? regions[r].size : areas[next].off;
        size_t gap = end - at;
        if (size && gap >= size) {
            return (long)at;
        }
        if (gap > best) {
            best = gap;
        }
        if (next < 0) {
            break;
        }
        at = areas[next].off + areas[next].size;
    }
    if (largest) {
        *largest = best;
    }
    return -1;
}

static void write_report(void) {
    const char *path = getenv("MP32_IDF_REPORT");
    FILE *f = path && *path ? fopen(path, "w") : NULL;
    if (f) {
        size_t room = 0;
        for (int r = 0; r < n_regions; r++) {
            room += regions[r].size;
        }
        fprintf(f, "room=%lu added=%lu freed=%lu refused=%lu taken=%lu most=%lu\n",
            (unsigned long)room, (unsigned long)added, (unsigned long)freed,
            (unsigned long)refused, (unsigned long)taken, (unsigned long)most);
        fclose(f);
    }
}

static void budget_init(void) {
    if (n_regions >= 0) {
        return;
    }
    n_regions = 0;
    for (int i = 0; i < MAX_AREAS; i++) {
        areas[i].region = -1;
    }
    const char *env = getenv("MP32_IDF_HEAP");
    while (env && *env) {
        char *end;
        unsigned long v = strtoul(env, &end, 10);
        if (end == env || (*end && *end != ',') || n_regions == MAX_REGIONS) {
            fprintf(stderr, "MP32_IDF_HEAP: %s is not up to %d sizes in bytes, comma-separated\n",
                getenv("MP32_IDF_HEAP"), MAX_REGIONS);
            exit(2);
        }
        if (v) {
            regions[n_regions].size = v;
            regions[n_regions].min_free = v;
            n_regions++;
        }
        env = *end ? end + 1 : end;
    }
    atexit(write_report);
}

// Place `size` bytes first fit; the slot's index, or -1.
static int place(size_t size, void *ptr) {
    budget_init();
    size = (size + 3) & ~(size_t)3;     // IDF blocks are word-aligned
    int slot = -1;
    for (int i = 0; i < MAX_AREAS && slot < 0; i++) {
        if (areas[i].region < 0) {
            slot = i;
        }
    }
    for (int r = 0; r < n_regions && slot >= 0; r++) {
        long off = region_fit(r, size, NULL);
        if (off >= 0) {
            areas[slot].ptr = ptr;
            areas[slot].region = r;
            areas[slot].off = (size_t)off;
            areas[slot].size = size;
            size_t left = regions[r].size - region_used(r);
            if (left < regions[r].min_free) {
                regions[r].min_free = left;
            }
            return slot;
        }
    }
    return -1;
}

size_t gc_get_max_new_split(void) {
    budget_init();
    size_t best = 0;
    for (int r = 0; r < n_regions; r++) {
        size_t largest;
        region_fit(r, 0, &largest);
        if (largest > best) {
            best = largest;
        }
    }
    return best;
}

void *mp32_idf_alloc(size_t size) {
    void *ptr = malloc(size);
    int slot = ptr ? place(size, ptr) : -1;
    if (slot < 0) {
        free(ptr);
        refused++;
        return NULL;
    }
    added++;
    taken += areas[slot].size;
    if (taken > most) {
        most = taken;
    }
    return ptr;
}

void mp32_idf_free(void *ptr) {
    for (int i = 0; i < MAX_AREAS; i++) {
        if (areas[i].region >= 0 && areas[i].ptr == ptr) {
            areas[i].region = -1;
            taken -= areas[i].size;
            freed++;
            break;
        }
    }
    free(ptr);
}

static mp_obj_t idfheap_info(void) {
    budget_init();
    mp_obj_t list = mp_obj_new_list(0, NULL);
    for (int r = 0; r < n_regions; r++) {
        size_t largest;
        region_fit(r, 0, &largest);
        mp_obj_t t[4] = {
            mp_obj_new_int_from_uint(regions[r].size),
            mp_obj_new_int_from_uint(regions[r].size - region_used(r)),
            mp_obj_new_int_from_uint(largest),
            mp_obj_new_int_from_uint(regions[r].min_free),
        };
        mp_obj_list_append(list, mp_obj_new_tuple(4, t));
    }
    return list;
}
static MP_DEFINE_CONST_FUN_OBJ_0(idfheap_info_obj, idfheap_info);

static mp_obj_t idfheap_take(mp_obj_t n_in) {
    mp_int_t n = mp_obj_get_int(n_in);
    if (n <= 0) {
        mp_raise_ValueError(MP_ERROR_TEXT("size must be positive"));
    }
    int slot = place((size_t)n, NULL);
    if (slot < 0) {
        mp_raise_OSError(MP_ENOMEM);
    }
    return MP_OBJ_NEW_SMALL_INT(slot);
}
static MP_DEFINE_CONST_FUN_OBJ_1(idfheap_take_obj, idfheap_take);

static mp_obj_t idfheap_give(mp_obj_t handle_in) {
    mp_int_t i = mp_obj_get_int(handle_in);
    if (i < 0 || i >= MAX_AREAS || areas[i].region < 0 || areas[i].ptr != NULL) {
        mp_raise_ValueError(MP_ERROR_TEXT("not a handle from take()"));
    }
    areas[i].region = -1;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(idfheap_give_obj, idfheap_give);

static mp_obj_t idfheap_stats(void) {
    budget_init();
    mp_obj_t d = mp_obj_new_dict(5);
    mp_obj_dict_store(d, MP_OBJ_NEW_QSTR(MP_QSTR_added), mp_obj_new_int_from_uint(added));
    mp_obj_dict_store(d, MP_OBJ_NEW_QSTR(MP_QSTR_freed), mp_obj_new_int_from_uint(freed));
    mp_obj_dict_store(d, MP_OBJ_NEW_QSTR(MP_QSTR_refused), mp_obj_new_int_from_uint(refused));
    mp_obj_dict_store(d, MP_OBJ_NEW_QSTR(MP_QSTR_taken), mp_obj_new_int_from_uint(taken));
    mp_obj_dict_store(d, MP_OBJ_NEW_QSTR(MP_QSTR_most), mp_obj_new_int_from_uint(most));
    return d;
}
static MP_DEFINE_CONST_FUN_OBJ_0(idfheap_stats_obj, idfheap_stats);

static const mp_rom_map_elem_t idfheap_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_idfheap) },
    { MP_ROM_QSTR(MP_QSTR_info), MP_ROM_PTR(&idfheap_info_obj) },
    { MP_ROM_QSTR(MP_QSTR_take), MP_ROM_PTR(&idfheap_take_obj) },
    { MP_ROM_QSTR(MP_QSTR_give), MP_ROM_PTR(&idfheap_give_obj) },
    { MP_ROM_QSTR(MP_QSTR_stats), MP_ROM_PTR(&idfheap_stats_obj) },
};
static MP_DEFINE_CONST_DICT(idfheap_globals, idfheap_globals_table);

const mp_obj_module_t idfheap_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&idfheap_globals,
};

MP_REGISTER_MODULE(MP_QSTR_idfheap, idfheap_module);
