"""What the web tests need, and what is missing: missing() names the tools
(node, npm, chromium, playwright) that are not installed; `make test-web`
prints them in its SKIP line, the tests skip with the same words."""
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
from host_tools.web.browser import CHROMIUM  # noqa: E402


def has_playwright():
    try:
        import playwright.sync_api  # noqa: F401
        return True
    except ImportError:
        return False


def missing(browser=True):
    out = []
    if shutil.which("node") is None:
        out.append("node")
    if shutil.which("npm") is None:
        out.append("npm")
    if browser:
        if not os.path.exists(CHROMIUM):
            out.append("chromium")
        if not has_playwright():
            out.append("playwright")
    return out


if __name__ == "__main__":
    print(" ".join(missing()))
