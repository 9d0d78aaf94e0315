"""Debian's chromium for Playwright (tests/web, figures): launch(p) -> browser.

`playwright install` cannot download browsers on these machines; the apt
package (/usr/bin/chromium) is driven instead, headless, without sandbox
(CI runs as root), without its background traffic, and with its
shared memory in /tmp.
"""
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync",
               "--disable-dev-shm-usage"]   # containers often have a tiny /dev/shm


def launch(playwright):
    """playwright: a started sync_playwright() object."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
