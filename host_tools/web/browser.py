"""Debian's chromium for Playwright (tests/web, figures): launch(p) -> browser.

`playwright install` cannot download browsers on these machines; the apt
package (/usr/bin/chromium) is driven instead, headless, without sandbox
(CI runs as root) and without its background traffic.
"""
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync"]


def launch(playwright):
    """playwright: a started sync_playwright() object."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
