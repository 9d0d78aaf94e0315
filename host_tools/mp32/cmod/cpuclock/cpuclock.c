// Module cpuclock: ms() is the CPU time this process has used, in
// milliseconds, us() the same in microseconds (clock_gettime
// CLOCK_PROCESS_CPUTIME_ID).  The benchmarks that count a device's time
// budget on this machine (host_tools/bench/strength_mp.py) read it instead
// of the wall clock, so other work on a shared machine does not cut the
// budget short; they read us(), since a clock K times fast turns each of
// ms()'s steps into K ms on the device's clock.  Both are small ints (no
// heap) for the first 2^30 of them: us() for 17 minutes of CPU.
#include <time.h>

#include "py/runtime.h"

static mp_obj_t cpuclock_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return mp_obj_new_int_from_ll((long long)t.tv_sec * 1000 + t.tv_nsec / 1000000);
}
static MP_DEFINE_CONST_FUN_OBJ_0(cpuclock_ms_obj, cpuclock_ms);

static mp_obj_t cpuclock_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return mp_obj_new_int_from_ll((long long)t.tv_sec * 1000000 + t.tv_nsec / 1000);
}
static MP_DEFINE_CONST_FUN_OBJ_0(cpuclock_us_obj, cpuclock_us);

static const mp_rom_map_elem_t cpuclock_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_cpuclock) },
    { MP_ROM_QSTR(MP_QSTR_ms), MP_ROM_PTR(&cpuclock_ms_obj) },
    { MP_ROM_QSTR(MP_QSTR_us), MP_ROM_PTR(&cpuclock_us_obj) },
};
static MP_DEFINE_CONST_DICT(cpuclock_globals, cpuclock_globals_table);

const mp_obj_module_t cpuclock_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&cpuclock_globals,
};

MP_REGISTER_MODULE(MP_QSTR_cpuclock, cpuclock_module);
