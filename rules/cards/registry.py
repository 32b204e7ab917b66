"""The compiler's template registries and the one watch over them: a template is a wording (a
regular expression the whole phrase matches) and the builder that turns a match into IR.  Each
kind of phrase (effect sentences, their completions, trigger conditions, statics) keeps its own
ordered list, made here (`new_registry`) and filled through `registering`; `first_that_builds`
tries one in order where a later template gets its turn when a builder declines.  So
`registered_templates` knows them all and `template_uses` records which templates compile a
card, whichever kind they are: what the test that every template serves a card counts."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar


class Wording:
    """A template's regular expression, compiled the first time a phrase is tried against it:
    a game that reads its cards from the parse cache compiles no template at all (compiling
    them all costs some 50 ms at every start of the client)."""

    __slots__ = ("pattern", "flags", "_compiled")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    def fullmatch(self, text: str) -> re.Match[str] | None:
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self.pattern, self.flags)
        return compiled.fullmatch(text)

    def __repr__(self) -> str:
        return f"Wording({self.pattern!r})"


# a template's identity is the pair (one builder may serve several wordings)
Template = tuple[Wording, Callable[..., Any]]

Builder = TypeVar("Builder", bound=Callable[..., Any])

_REGISTRIES: list[list[Template]] = []
_WATCHES: list[list[Template]] = []  # while `template_uses` watches: the templates that compiled


def new_registry() -> list[Template]:
    """A new, empty list of templates, tried in the order they stand in it."""
    templates: list[Template] = []
    _REGISTRIES.append(templates)
    return templates


def registering(templates: list[Template], wording: str, flags: int = 0) -> Callable[[Builder], Builder]:
    """The decorator that registers a builder in `templates` for `wording` (a regular expression
    the whole phrase must match), after the templates already there."""
    pattern = Wording(wording, flags)

    def register(fn: Builder) -> Builder:
        templates.append((pattern, fn))
        return fn
    return register


def first_that_builds(templates: list[Template], text: str, *args: object) -> Any:
    """What the first template whose wording is the whole `text` and whose builder (given the
    match and `args`) builds something, not None, builds (recorded as used); None if none does."""
    for pattern, fn in templates:
        m = pattern.fullmatch(text)
        if m:
            built = fn(m, *args)
            if built is not None:
                record_use((pattern, fn))
                return built
    return None


def registered_templates() -> list[Template]:
    """Every template of every registry: registries in the order made, each in its own order."""
    return [t for templates in _REGISTRIES for t in templates]


@contextmanager
def template_uses() -> Iterator[list[Template]]:
    """The templates that compile a phrase while inside the block, in order; a use inside a
    template that then fails (and is taken back) is taken back too.  Nothing is recorded while
    nobody watches."""
    uses: list[Template] = []
    _WATCHES.append(uses)
    try:
        yield uses
    finally:
        _WATCHES.remove(uses)


def record_use(used: Template) -> None:
    """A template compiled its phrase (recorded only while someone watches)."""
    if _WATCHES:
        _WATCHES[-1].append(used)


def uses_so_far() -> int:
    """How many uses the innermost watch holds: where `take_back_uses` cuts."""
    return len(_WATCHES[-1]) if _WATCHES else 0


def take_back_uses(since: int) -> None:
    """Forget the uses recorded after `uses_so_far` said `since` (their template failed after all)."""
    if _WATCHES:
        del _WATCHES[-1][since:]
