"""The device simulator's `esp32` module, for a simulated board running
the 32-bit model (host_tools.mp32): put in the board folder's lib/ (the
simulator's MICROPYPATH has it).  Only idf_heap_info, over the model's
simulated ESP-IDF heap (module idfheap); the real module is built in."""
from idfheap import info as _info

HEAP_DATA = 4       # MALLOC_CAP_8BIT, as on the esp32 port
HEAP_EXEC = 1       # MALLOC_CAP_EXEC


def idf_heap_info(capabilities):
    """[(total, free, largest free block, least free), ...] a region."""
    return _info() if capabilities & HEAP_DATA else []
