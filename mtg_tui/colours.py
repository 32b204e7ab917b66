"""Colours by role, taken from the app's Textual theme, so every built-in theme (light ones
included) reads well.

Code styles Rich text with `$name` in a style string (`"bold $warning"`, `"$mtg-red"`):
`resolve` swaps each name for the current theme's colour.  Names are Textual's theme
variables (for text: `$text-primary`, `$text-secondary`, `$text-accent`, `$text-warning`,
`$text-error`, `$text-success`, `$foreground`; for fills: `$primary`, `$warning`, `$panel`,
...; for muted text use Rich's `dim`, which works on every theme) plus the game's own roles below, whose
values depend only on whether the theme is dark or light.  Until an app reports its theme
(`use`), the values of Textual's default dark theme are used, so rendering works without
a terminal (tests, the CLI).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# the game's roles: (on a dark theme, on a light theme)
ROLES: dict[str, tuple[str, str]] = {
    "mtg-white": ("#e8dfb8", "#8a6d1a"),
    "mtg-blue": ("#5fafff", "#0b5cad"),
    "mtg-black": ("#b294d6", "#4b2e6b"),
    "mtg-red": ("#ff6b5f", "#b3261e"),
    "mtg-green": ("#6fd46f", "#2e7d32"),
    "mtg-colorless": ("#a8a8a8", "#5f5f5f"),
    "mtg-pt": ("#5fd7d7", "#00707a"),  # power/toughness, costs
    "mtg-attacking": ("#ff8f3f", "#b34700"),
    "mtg-blocking": ("#7fb7ff", "#00579e"),
    "mtg-playable": ("#7ee07e", "#1f6f24"),
    "mtg-label": ("#1a1a1a on #f0c040", "#ffffff on #8a5a00"),  # the picker's letters
}

# Textual's default dark theme (textual-dark), for rendering without an app
FALLBACK: dict[str, str] = {
    "primary": "#0178D4", "secondary": "#004578", "accent": "#FEA62B", "warning": "#FEA62B",
    "error": "#B93C5B", "success": "#4EBF71", "foreground": "#E0E0E0", "background": "#121212",
    "panel": "#242F38", "surface": "#1E1E1E", "text-primary": "#57A5E2", "text-secondary": "#5684A5",
    "text-accent": "#FFC473", "text-warning": "#FFC473", "text-error": "#D17E92", "text-success": "#8AD4A1",
}

_NAME = re.compile(r"\$([a-z][a-z0-9-]*)")


def role_defaults(dark: bool) -> dict[str, str]:
    """The game's roles for a dark or a light theme (CSS variables of the same names)."""
    return {name: values[0 if dark else 1] for name, values in ROLES.items()}


_current: dict[str, str] = {**FALLBACK, **role_defaults(True)}


def use(variables: Mapping[str, str]) -> None:
    """Take the colours of the app's theme (its CSS variables)."""
    global _current
    _current = {**FALLBACK, **role_defaults(True), **variables}


def colour(name: str) -> str:
    return _current.get(name, "default")


def resolve(style: str) -> str:
    """`style` with each `$name` replaced by the current theme's colour.  A role standing for
    a foreground-and-background pair (`$mtg-label`) expands to both."""
    if "$" not in style:
        return style
    return _NAME.sub(lambda m: _plain(colour(m.group(1))), style)


def _plain(value: str) -> str:
    """A CSS colour value as Rich reads it: Textual gives some as `#rrggbbaa` (the alpha is
    dropped) or `auto 60%` (contrast-picked; the terminal's default is the nearest)."""
    if value.startswith("auto"):
        return "default"
    if re.fullmatch(r"#[0-9a-fA-F]{8}", value):
        return value[:7]
    return value
