"""The greedy yardstick, the expert and the solver's go-out check, in
real games driven through Game.play()/draw()."""
from rummikub.game import Game, PLAYING
from rummikub.rules import Rules
from rummikub.tiles import parse_table, parse_tiles
from ai.players import Player, LEVELS
from ai.solver import solve, goes_out
from ai import expert as E
from host_tools.bench.tournament import ladder_matchups, ladder_markdown, run


def _game(levels, seed, watch=None, **kw):
    g = Game(Rules(), len(levels), seed=seed)
    ps = [Player(levels[i], seed=seed * 7 + i, **kw) for i in range(len(levels))]
    turns = 0
    while g.phase == PLAYING:
        who = g.current
        before = [bytearray(s) for s in g.table]
        rack = bytearray(g.rack)
        melded = bool(g.melded[who])
        counts = [len(r) for r in g.racks]
        ps[who].take_turn(g)
        if watch:
            watch(levels[who], before, rack, melded, counts, g)
        turns += 1
        assert turns < 3000
    assert g.tile_count() == 106
    return g, ps


def _endgame(rack="R8 K4 Y13 B2"):
    """Heads-up, both melded, four tiles each: the expert looks ahead."""
    g = Game(Rules(), 2, seed=9)
    g.table = parse_table("R5 R6 R7 | B9 K9 Y9 | K1 K2 K3 | Y4 Y5 Y6")
    g.racks[g.current] = parse_tiles(rack)
    g.racks[1 - g.current] = parse_tiles("R1 R2 B10 Y10")
    g.melded[0] = g.melded[1] = 1
    return g


def test_levels_include_the_yardstick_and_the_expert():
    assert "greedy" in LEVELS and "expert" in LEVELS


def test_greedy_plays_the_solvers_move_every_turn_and_draws_only_without_one():
    def watch(level, before, rack, melded, counts, g):
        if level != "greedy":
            return
        best = solve(before, rack, melded, g.rules)
        if g.last[0] == 1:
            assert len(g.last[2]) == best.count
            assert sorted(bytes(s) for s in g.table) == sorted(bytes(s) for s in best.table)
        else:
            assert best.count == 0
    _game(["greedy", "medium"], 3, watch)


def test_expert_goes_out_whenever_it_can_and_plays_greedy_before_the_endgame():
    seen = {"early": 0}

    def watch(level, before, rack, melded, counts, g):
        if level != "expert":
            return
        best = solve(before, rack, melded, g.rules)
        if best.count == len(rack):
            assert g.phase != PLAYING                     # it went out
            assert g.last[0] == 1 and len(g.last[2]) == len(rack)
        elif min(counts) > E.ENDGAME:
            seen["early"] += 1
            assert (len(g.last[2]) if g.last[0] == 1 else 0) == best.count
    for seed in (1, 2):
        _game(["expert", "greedy"], seed, watch)
    assert seen["early"] > 0


def test_expert_at_a_four_player_table_keeps_every_tile():
    g, ps = _game(["expert", "greedy", "expert", "hard"], 4)
    assert ps[0].expert.solves > 0


def test_expert_with_no_time_still_makes_a_legal_choice():
    # anytime: a 1 ms budget cuts the look-ahead (and the solver) short,
    # and what it returns is still a move the engine accepts, or a draw
    g = Game(Rules(), 2, seed=5)
    p = Player("expert", seed=5, budget_ms=1)
    while g.phase == PLAYING:
        after = p.choose(g)
        if after is not None:
            assert g.check(after).valid
        p.take_turn(g)
    assert g.phase != PLAYING


def test_a_sample_the_deadline_cut_short_does_not_count(monkeypatch):
    # its searches gave up at the deadline and answered "no": a sample the
    # deadline passed in is dropped, and with none finished in time the
    # expert plays its own best move (the first candidate)
    g = _endgame()
    now = [0]
    monkeypatch.setattr(E, "ticks_ms", lambda: now[0])

    def play_out(self, table, left, racks, game, me, n, deadline, keep=None, i=0):
        now[0] += 600               # each candidate's searches take 0.6 s
        return 0.0 if i == 0 else 1.0
    monkeypatch.setattr(E.Expert, "_play_out", play_out)
    x = E.Expert(Player("expert", seed=3).rng)
    best = solve(g.table, g.rack, True, g.rules)
    cands = x._candidates(best, g.table, g.rack, True, g.rules, None)
    assert len(cands) >= 2
    # 1 s: the first sample ends past the deadline
    assert x._pick(cands, g, [4, 4], 1000) is cands[0][0]
    # time for one whole sample: the others score better on it
    now[0] = 0
    assert x._pick(cands, g, [4, 4], 600 * len(cands) + 1) is not cands[0][0]


def test_a_sample_is_begun_only_with_the_time_the_last_took_left(monkeypatch):
    # past the deadline each search still pays its set-up: a sample that
    # cannot finish in time is not begun, and one the deadline passes in
    # plays out no more candidates (the device model's p95 was 2.5 s for
    # a 1.8 s deadline before)
    g = _endgame()
    now = [0]
    calls = []
    step = [100]
    monkeypatch.setattr(E, "ticks_ms", lambda: now[0])

    def play_out(self, table, left, racks, game, me, n, deadline, keep=None, i=0):
        now[0] += step[0]
        calls.append(i)
        return 0.5
    monkeypatch.setattr(E.Expert, "_play_out", play_out)
    x = E.Expert(Player("expert", seed=3).rng)
    best = solve(g.table, g.rack, True, g.rules)
    cands = x._candidates(best, g.table, g.rack, True, g.rules, None)
    n = len(cands)
    assert n >= 2
    # samples of 100 ms a candidate, 2.5 samples' time: two, ending in time
    x._pick(cands, g, [4, 4], 250 * n)
    assert len(calls) == 2 * n and now[0] <= 250 * n
    # the second sample three times slower: cut after the candidate that
    # passed the deadline
    del calls[:]
    now[0] = 0

    def slower(self, table, left, racks, game, me, n_, deadline, keep=None, i=0):
        step[0] = 100 if len(calls) < n else 300
        return play_out(self, table, left, racks, game, me, n_, deadline, keep, i)
    monkeypatch.setattr(E.Expert, "_play_out", slower)
    x._pick(cands, g, [4, 4], 200 * n + 1)
    assert len(calls) == n + (100 * n + 1 + 299) // 300


def test_a_play_out_past_the_deadline_searches_no_further(monkeypatch):
    # at four seats one candidate's play-out checks three opponents and
    # our own go-out: past the deadline the sample is dropped, so the
    # searches left would only make the move late
    g = Game(Rules(), 4, seed=9)
    g.table = parse_table("R5 R6 R7 | B9 K9 Y9 | K1 K2 K3 | Y4 Y5 Y6")
    for p in range(4):
        g.racks[p] = parse_tiles("R1 R2 B10 Y10")
        g.melded[p] = 1
    g.racks[g.current] = parse_tiles("R8 K4 Y13 B2")
    now = [0]
    checks = []
    monkeypatch.setattr(E, "ticks_ms", lambda: now[0])

    def goes_out(self, table, rack, rules, deadline):
        now[0] += 100
        checks.append(len(rack))
        return False
    monkeypatch.setattr(E.Expert, "_goes_out", goes_out)
    x = E.Expert(Player("expert", seed=3).rng)
    racks = [bytearray(r) for r in g.racks]
    left = parse_tiles("K4 Y13 B2")
    x._play_out(g.table, left, racks, g, g.current, 4, 1000)
    assert len(checks) == 4             # in time: three opponents and our own
    del checks[:]
    now[0] = 0
    assert x._play_out(g.table, left, racks, g, g.current, 4, 50) == 0.0
    assert len(checks) == 1


def test_the_look_ahead_stops_budget_ms_after_the_move_began(monkeypatch):
    # the own move's search counts against the budget: when it takes the
    # whole budget the expert plays that move without looking ahead, and
    # a move takes about budget_ms (the device's p95 target is 2 s)
    g = _endgame()
    now = [0]
    real = E.solve

    def slow_solve(table, rack, melded, rules, budget_ms=None):
        now[0] += took[0]
        return real(table, rack, melded, rules, None)
    monkeypatch.setattr(E, "ticks_ms", lambda: now[0])
    monkeypatch.setattr(E, "solve", slow_solve)
    for ms, looks in ((1800, False), (1000, True)):
        took = [ms]
        now[0] = 0
        x = E.Expert(Player("expert", seed=3).rng)
        after = x.choose(g, budget_ms=1800, solve_ms=8000)
        assert (x.solves > 1) == looks, (ms, x.solves)
        if not looks:
            best = real(g.table, g.rack, True, g.rules)
            assert sorted(map(bytes, after)) == sorted(map(bytes, best.table))


def test_expert_search_cap_bounds_the_samples():
    g = _endgame()
    few = E.Expert(Player("expert", seed=3).rng, max_searches=1)
    few.choose(g)
    many = E.Expert(Player("expert", seed=3).rng)
    many.choose(g)
    assert 1 < few.solves < many.solves <= many.max_searches + 10


def test_our_go_out_after_a_played_candidate_is_searched_once_a_move(monkeypatch):
    # the table we leave and the rack we keep are the same on every sample
    g = _endgame("R8 K4 Y13 B2 B3")
    asked = []
    kept = []
    real_check, real_cands = E.Expert._goes_out, E.Expert._candidates

    def check(self, table, rack, rules, deadline):
        asked.append(id(rack))
        return real_check(self, table, rack, rules, deadline)

    def cands(self, *args):
        out = real_cands(self, *args)
        kept.extend(left for tab, left in out if tab is not None)
        return out
    monkeypatch.setattr(E.Expert, "_goes_out", check)
    monkeypatch.setattr(E.Expert, "_candidates", cands)
    x = E.Expert(Player("expert", seed=3).rng, max_searches=200)
    x.choose(g)
    assert len(kept) >= 2
    assert [asked.count(id(left)) for left in kept] == [1] * len(kept)


def test_the_expert_reads_the_last_mover_heads_up_only():
    # at four seats the others, dealt what the last mover may not hold,
    # came out over-rated: there every rack is dealt at random
    for n, reads in ((2, True), (4, False)):
        g = Game(Rules(), n, seed=12)
        ps = [Player("greedy", seed=i) for i in range(n)]
        while not (g.last and g.last[0] == 1 and g.melded[g.last[1]]):
            ps[g.current].take_turn(g)
        x = E.Expert(Player("expert", seed=3).rng)
        unseen, flags, who, free = x._view(g)
        assert (who == g.last[1] and flags is not None) == reads
        assert (who == -1) == (not reads)


def test_checks_the_tile_count_answers_are_not_counted_as_searches():
    # K1 and B12 fit no set however the table is moved: no search needed
    rules = Rules()
    x = E.Expert(Player("expert", seed=3).rng)
    table = parse_table("R5 R6 R7 | B9 K9 Y9")
    assert not x._goes_out(table, parse_tiles("K1 B12"), rules, None)
    assert not x._can_play(table, parse_tiles("K1 B12"), rules, None)
    assert x.solves == 0
    assert x._goes_out(table, parse_tiles("R8 R4"), rules, None)
    assert x._can_play(table, parse_tiles("R8 K1"), rules, None)
    assert x.solves == 2


def test_goes_out_agrees_with_the_solver():
    rules = Rules()
    n = yes = 0
    for seed in (1, 2, 3):
        g = Game(rules, 2, seed=seed)
        ps = [Player("greedy", seed=seed + i) for i in range(2)]
        while g.phase == PLAYING:
            if g.melded[g.current]:
                for r in (g.rack, g.rack[:3], g.rack[:5]):
                    want = solve(g.table, r, True, rules).count == len(r)
                    assert goes_out(g.table, r, rules) == want
                    n += 1
                    yes += want
            ps[g.current].take_turn(g)
    assert n > 50 and yes > 0


def test_ladder_plays_each_level_against_greedy_and_the_one_below():
    names = [n for n, _ in ladder_matchups(("easy", "medium"))]
    assert names == ["easy vs greedy", "easy x2 vs greedy x2", "medium vs greedy",
                     "medium x2 vs greedy x2", "medium vs easy"]
    s = run(["medium", "easy"], 4, 1, jobs=1, progress=False)
    md = ladder_markdown([("medium vs easy", s)])
    assert "| medium vs easy | 4 | medium |" in md


def test_tournament_keeps_its_json_up_to_date_with_whole_deals(tmp_path):
    import json
    path = str(tmp_path / "t.json")
    s = run(["medium", "easy"], 12, 2, jobs=1, progress=False, partial=path)
    part = json.load(open(path))
    assert part["partial"] and part["games"] == 10 and part["deals"] == 5
    assert s["games"] == 12


def test_a_stopped_tournament_goes_on_where_it_stopped(tmp_path):
    import json
    import pytest
    log = str(tmp_path / "games.jsonl")
    whole = run(["medium", "easy"], 8, 3, jobs=1, progress=False, log=log)
    lines = open(log).read().splitlines()
    assert len(lines) == 1 + 8 and json.loads(lines[0])["seed"] == 3
    # stopped after three games, the fourth torn mid-write
    with open(log, "w") as f:
        f.write("\n".join(lines[:4]) + "\n" + lines[4][:7])
    again = run(["medium", "easy"], 8, 3, jobs=1, progress=False, log=log)
    rows = [json.loads(x) for x in open(log).read().splitlines()[1:]]
    assert sorted(r[0] for r in rows) == list(range(8))      # each game once
    for key in ("games", "deals"):
        assert again[key] == whole[key]
    assert [r["wins"] for r in again["levels"]] == [r["wins"] for r in whole["levels"]]
    assert [r["points_per_game"] for r in again["levels"]] == \
        [r["points_per_game"] for r in whole["levels"]]
    with pytest.raises(ValueError, match="another tournament"):
        run(["medium", "easy"], 8, 4, jobs=1, progress=False, log=log)
    with open(log, "wb") as f:
        f.write(b"\xff\xfe not a log\n")
    with pytest.raises(ValueError, match="not a tournament log"):
        run(["medium", "easy"], 8, 3, jobs=1, progress=False, log=log)


def test_expert_time_positions_are_the_experts_turns_saved_whole():
    from rummikub.savefile import loads
    from host_tools.bench.expert_time import positions
    pos = positions(2, 3)
    assert pos and any(p["endgame"] for p in pos)
    for p in pos[:20]:
        g, _ = loads(bytes.fromhex(p["save"]))
        assert g.phase == PLAYING and g.tile_count() == 106
        after = Player("expert", seed=p["seed"]).choose(g)
        assert after is None or g.check(after).valid


def test_expert_without_heap_for_its_look_ahead_plays_its_best_move(monkeypatch):
    """On MicroPython, with less free heap than the look-ahead needs (its
    searches would give up and compare moves by chance), the expert plays
    its own best move, as greedy does; with room it looks ahead."""
    g = _endgame()

    class Heap:
        free = 0

        def collect(self):
            pass

        def mem_free(self):
            return self.free
    heap = Heap()
    import ai.move as M          # where the expert asks (search_fits)
    monkeypatch.setattr(M, "MICROPYTHON", True)
    monkeypatch.setattr(M, "gc", heap)
    for free, looks in ((M.SEARCH_ROOM - 1, False), (M.SEARCH_ROOM, True)):
        heap.free = free
        x = E.Expert(Player("expert", seed=3).rng)
        after = x.choose(g)
        assert (x.solves > 1) == looks, (free, x.solves)
        if not looks:
            best = solve(g.table, g.rack, True, g.rules)
            assert sorted(map(bytes, after)) == sorted(map(bytes, best.table))
