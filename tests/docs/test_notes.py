"""NOTES.md lists what is open, by subsystem: a short file whose headings
name subsystems, never an issue number, a date or a session's turn (an
item leaves in the commit that closes it; history is git's)."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_LINES = 260
# "#41", "issue 41", "2026-11-28", "Nov 28", "turn 3" in a heading
DATED = re.compile(r"#\d|\bissues?\s+\d|\d{4}-\d\d-\d\d|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
                   r"[a-z]*\.?\s+\d|\bturn\s+\d", re.I)


def notes():
    with open(os.path.join(ROOT, "NOTES.md")) as f:
        return f.read()


def bad_headings(text):
    return [line for line in text.splitlines() if line.startswith("#") and DATED.search(line)]


def test_notes_stay_short():
    n = len(notes().splitlines())
    assert n < MAX_LINES, "NOTES.md has %d lines: delete what is done, shorten the rest" % n


def test_notes_headings_are_subsystems():
    text = notes()
    assert text.startswith("# ")
    assert len([line for line in text.splitlines() if line.startswith("## ")]) >= 5
    assert not bad_headings(text)


def test_a_dated_or_numbered_heading_is_caught():
    text = "# Notes\n## Link play\n## Issue 41 leftovers\n## From #38\n## 2026-11-28\n" \
           "## Nov 28 run\n## Turn 12\n## Memory (heap)\n"
    assert bad_headings(text) == ["## Issue 41 leftovers", "## From #38", "## 2026-11-28",
                                  "## Nov 28 run", "## Turn 12"]
