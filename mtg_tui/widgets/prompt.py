"""The prompt: what the engine is asking and which keys answer it, plus the last refusal."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget
from ..render import styled


class PromptLine(Widget):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text("")

    def set(self, who: str, ask: str, keys: str, message: Text | None = None, extra: Text | None = None) -> None:
        t = styled(f"{who}: ", "bold yellow") + styled(ask, "bold")
        if extra is not None and extra.cell_len:
            t += Text("\n") + extra
        if message is not None and message.cell_len:
            t += Text("\n") + message
        t += Text("\n") + styled(keys, "dim")
        if t == self._text:
            return
        self._text = t
        self.refresh(layout=True)  # a longer prompt may wrap onto more lines

    def render(self) -> Text:
        return self._text
