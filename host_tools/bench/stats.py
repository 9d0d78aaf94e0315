"""What every tournament shares: play independent games on all cores,
and the figures reported over them.

play_all(play, tasks, jobs, each, chunksize) -> results in completion order
wilson(k, n) -> the 95% Wilson score interval of k wins in n games
percentile(values, q) -> the q-quantile, interpolated: every p95 reported
think_ms(times) -> {"mean", "p95", "max"} of sorted think times
stamped(summary, seed, rules) -> the summary with what replays it
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


def percentile(values, q):
    """The q-quantile (0..1) of values, linearly interpolated between the two
    nearest ranks (numpy's default): 0.5 of [1, 2, 3, 4] is 2.5."""
    v = sorted(values)
    if not v:
        return 0.0
    k = (len(v) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def think_ms(times):
    """Mean, p95 and max of think times (ms, sorted); 0.0 each if none."""
    return {"mean": sum(times) / len(times) if times else 0.0,
            "p95": percentile(times, 0.95),
            "max": times[-1] if times else 0.0}


def stamped(summary, seed, rules):
    """The summary with the seed and rules it was played under (what a
    --json file needs to be played again)."""
    summary["seed"] = seed
    summary["rules"] = rules
    return summary
