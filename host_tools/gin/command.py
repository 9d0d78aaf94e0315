"""`python -m host_tools gin <subcommand>`: score | tournament."""
import sys

from host_tools import prog

SUBCOMMANDS = {
    "score": ("host_tools.gin.score", "score one knock (JSON on stdin)"),
    "tournament": ("host_tools.gin.tournament", "gin AI levels against each other"),
    "think": ("host_tools.gin.think", "gin AI time per action on the unix port, ESP32 estimate"),
}


def main(argv):
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in SUBCOMMANDS:
        lines = ["usage: %s [options]" % prog("gin <subcommand>"), "",
                 "Gin Rummy, the handheld's second game: score a knock, time or "
                 "match its AI levels.", "",
                 "subcommands (each takes --help):"]
        for name in sorted(SUBCOMMANDS):
            lines.append("  %-11s %s" % (name, SUBCOMMANDS[name][1]))
        ok = bool(argv) and argv[0] in ("-h", "--help")
        if argv and not ok:
            lines.insert(0, "unknown gin subcommand %r" % argv[0])
        print("\n".join(lines), file=sys.stdout if ok else sys.stderr)
        return 0 if ok else 2
    import importlib
    return importlib.import_module(SUBCOMMANDS[argv[0]][0]).main(argv[1:]) or 0
