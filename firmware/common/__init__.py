"""What both games (rummikub/, gin/) use, no I/O:
  rng        `Rng`, the seeded PRNG both runtimes share
  container  the checksummed container (magic, version, header, CRC) of
             both games' saves
  fields     checks for a save's fields (`whole`, `wholes`, `names`,
             `need`), one clear error each
and here, `RuleError` (a refused rule, both games' configs), `SaveError`
(a save that cannot be loaded) and `shown`: in the package itself, loaded
with rng by every game and never dropped by ui.unload, so each error
is one class however often the modules that raise it are dropped and
loaded again (a SaveError of a reloaded container was not the class a
caller holding the old one catches), and they cost no module of their
own (a module costs the 4-player engine game heap it has little of:
docs/figures.md, "The engine games under a fixed cap").
"""

# What stays loaded at each moment of the app (ui.unload): "ai": the
# game in play deals and the AI draws with rng; container and fields are
# loaded only to save or resume.
KEEP = {"ai": ("rng",)}


class RuleError(ValueError):
    """An unknown rule name or a value the rule does not take."""


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why."""


def shown(value):
    """A value as a refusal quotes it: its repr, cut to a screen's share
    (a hostile save or push can hold a value of any length)."""
    r = repr(value)
    return r if len(r) <= 24 else r[:21] + "..."
