"""The documentation site (docs/, mkdocs.yml): `python -m host_tools docs`.

- `shots`    the player guide's screenshots, made from the golden screens
             (tests/ui/golden/, tests/gin/golden/) into docs/img/
- `command`  makes the screenshots, then builds the site with MkDocs in
             strict mode (a broken link, anchor or missing page fails)
"""
