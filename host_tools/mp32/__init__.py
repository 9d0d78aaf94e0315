"""A 32-bit MicroPython unix port, plain and with the app frozen, built
from the release source beside the checkout (`build`), what a manifest
freezes (`listing`), and `python -m host_tools mp32` (`command`): build
both (cached under build/mp32/) and print their paths, or one SKIP line.
"""
