"""What both games' rule configs (rummikub.rules, gin.rules) share: the
error a refused rule raises and how a refused value is quoted."""


class RuleError(ValueError):
    """An unknown rule name or a value the rule does not take."""


def shown(value):
    """A value as a refusal quotes it: its repr, cut to a screen's share
    (a hostile save or push can hold a value of any length)."""
    r = repr(value)
    return r if len(r) <= 24 else r[:21] + "..."
