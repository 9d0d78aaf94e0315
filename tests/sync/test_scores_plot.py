"""`scores --plot`: the x axis counts matches, so its ticks are whole numbers
(issue 13: one or two matches gave ticks like 0.96, 0.98, 1.00)."""
import matplotlib.pyplot as plt

from host_tools.sync import scores
from host_tools.sync.db import Db
from test_sync_scores import example_records


def test_x_axis_shows_only_whole_match_numbers(tmp_path):
    for matches in (1, 2, 3):
        with Db(str(tmp_path / ("s%d.db" % matches))) as db:
            for m in range(matches):
                db.store("dev", 99, example_records(match_id=7 + m))
            fig = scores.figure(db)
        ax = fig.axes[0]
        lo, hi = ax.get_xlim()
        ticks = [t for t in ax.get_xticks() if lo <= t <= hi]
        plt.close(fig)
        assert ticks and all(t == int(t) for t in ticks), (matches, ticks)
