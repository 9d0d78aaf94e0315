"""What every tournament shares: play independent games on all cores,
and the figures reported over them.

play_all(play, tasks, jobs, each, chunksize) -> results in completion order
wilson(k, n) -> the 95% Wilson score interval of k wins in n games
percentile(sorted_values, q) -> the nearest-rank q-quantile (0 when empty)
"""
import math
from multiprocessing import Pool


def play_all(play, tasks, jobs=1, each=None, chunksize=1):
    """play(task) for every task, on `jobs` processes (in this one when 1);
    each(results) is called after every result comes in."""
    results = []
    pool = None
    if jobs == 1:
        it = map(play, tasks)
    else:
        pool = Pool(jobs)
        it = pool.imap_unordered(play, tasks, chunksize=chunksize)
    try:
        for r in it:
            results.append(r)
            if each is not None:
                each(results)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return results


def wilson(k, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # clamp, and keep p inside despite rounding at 0 and 1
    return max(0.0, min(p, mid - half)), min(1.0, max(p, mid + half))


def percentile(sorted_vals, q):
    if not sorted_vals:
        return 0.0
    return sorted_vals[min(len(sorted_vals) - 1, int(q * len(sorted_vals)))]
