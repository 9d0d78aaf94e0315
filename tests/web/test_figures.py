"""The figures' solver run in the page's own worker (host_tools/web/figures.py):
speed_mp.py and its line loop posted as two files, timed on WebAssembly."""
from host_tools.web.figures import solver


def test_the_solver_corpus_runs_in_the_worker(browser, site):
    ms = solver(browser, site, 3)
    assert len(ms) == 3 and all(x > 0 for x in ms), ms
