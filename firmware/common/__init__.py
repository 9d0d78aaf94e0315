"""What both games (rummikub/, gin/) use, no I/O:
  rng        `Rng`, the seeded PRNG both runtimes share
  container  the checksummed container (magic, version, header, CRC) of
             both games' saves
  fields     checks for a save's fields (`whole`, `wholes`, `names`,
             `need`), one clear error each
  rules      `RuleError` (a refused rule, both games' configs) and `shown`
"""

# What stays loaded at each moment of the app (ui.app.unload): "ai": the
# game in play deals and the AI draws with rng; rules, as long as the
# game's rules module holds its RuleError (imported again it would be a
# second class); container and fields are loaded only to save or resume.
KEEP = {"ai": ("rng", "rules")}
