"""The handlers of the card IR's effects, one module per family, each with a table `HANDLERS` from an
effect's IR class to the function that carries it out; `rules.engine.resolution.interpret` joins the
tables and looks each effect up in them."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from ...core.decisions import Decision
from ...core.state import EffectContext, GameState

Gen = Generator[Decision, Any, Any]

# a handler gets the effect (an instance of the IR class it is registered for); it is a generator
# when the effect may ask a question as it resolves, else a plain function returning None
Handler = Callable[[GameState, EffectContext, Any], Gen | None]
