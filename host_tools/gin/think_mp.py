"""MicroPython side of `gin think`: play seeded games between two gin AI
levels and print one JSON line per action ({"level", "us"}), then a summary.
Each action is timed three times from the same saved position and the
fastest kept: on a busy host the others carry other processes' time.

Run by host_tools/gin/think.py as
  MICROPYPATH=firmware micropython -X heapsize=128k host_tools/gin/think_mp.py LEVEL,LEVEL GAMES SEED
"""
import gc
import json
import sys
import time

from gin.game import GinGame, HAND_OVER
from gin import savefile
from ai.gin.players import GinPlayer


def main(levels, games, seed):
    n = 0
    for i in range(games):
        g = GinGame(seed=seed + i)
        ps = [GinPlayer(levels[0], seed=1), GinPlayer(levels[1], seed=2)]
        while True:
            while g.phase != HAND_OVER:
                p = g.current
                data = savefile.dumps(g)
                us = None
                for _ in range(3):
                    g = savefile.loads(data)[0]
                    gc.collect()
                    t0 = time.ticks_us()
                    ps[p].act(g)
                    t = time.ticks_diff(time.ticks_us(), t0)
                    us = t if us is None or t < us else us
                print(json.dumps({"level": levels[p], "us": us}))
                n += 1
            if g.is_over():
                break
            g.next_hand()
    print(json.dumps({"done": n}))


main(sys.argv[1].split(","), int(sys.argv[2]), int(sys.argv[3]))
