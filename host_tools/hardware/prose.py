"""The prose of the generated markdown (hardware/assembly.md, power.md):
templates beside their generators (NAME.template.md), with {field} and
{field:format} (str.format) where a figure or a table of this build goes.

fill(name, fields) -> the template's text, filled in.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def fill(name, fields):
    """NAME.template.md with its fields filled in; every field given must
    be used (a figure computed and not shown is a mistake)."""
    path = os.path.join(HERE, name + ".template.md")
    with open(path) as f:
        text = f.read()
    unused = sorted(k for k in fields if "{" + k + "}" not in text and "{" + k + ":" not in text)
    if unused:
        raise ValueError("%s does not use %s" % (os.path.basename(path), ", ".join(unused)))
    return text.format(**fields)


def table(lines):
    """Table rows (or any lines) as one field."""
    return "\n".join(lines)
