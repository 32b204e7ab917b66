"""The game screen's link to the rules: the explaining log and the rules reference.

`RulesKeys` is a `GameScreen` with these bindings (subclass it first: `class S(RulesKeys, GameScreen)`
works too, as the practice screen does):
- `L` toggles explain: each log line gets the project's one-sentence summary of its rule;
- `/` opens the rules reference: at the selected log line's rule when the log is selected,
  at the selected step's section when the phase bar is, otherwise at the search box;
- Enter on a log line opens the reference at that line's rule.
The keys are hidden while choosing (letters for targets) or typing in the command bar.
"""

from __future__ import annotations

from textual.binding import Binding

from ..explain import explained_lines, log_title
from ..grouping import CardFacts
from ..persistence.userfiles import app_reference
from ..widgets.log import LogPanel
from .game import GameScreen
from .rules_ref import RulesScreen

# where each step's rules are: 2014 section, 2009 section
STEP_RULES: dict[str, tuple[str, str]] = {
    "untap": ("502", "302"), "upkeep": ("503", "303"), "draw": ("504", "304"), "main1": ("505", "305"),
    "begin_combat": ("507", "307"), "declare_attackers": ("508", "308"), "declare_blockers": ("509", "309"),
    "first_strike_damage": ("510.4", "310.5"), "combat_damage": ("510", "310"), "end_combat": ("511", "311"),
    "main2": ("505", "305"), "end": ("513", "313"), "cleanup": ("514", "314"),
}


class RulesKeys(GameScreen):
    """The game screen with the rules keys."""

    explain: bool = False
    # Enter on a log line opens its rule; elsewhere Enter does what it does on the game screen
    # (a class's bindings for a key replace its base classes', so those come along)
    BINDINGS = [
        Binding("enter", "rule_at_line", "rule", tooltip="on a log line: the rules reference at its rule"),
        *[b for b in GameScreen.BINDINGS if isinstance(b, Binding) and b.key == "enter"],
        Binding("L", "toggle_explain", "explain", key_display="L", show=False,
                tooltip="explain each log line with a summary of its rule"),
        Binding("slash", "open_rules", "rules", key_display="/", show=False,
                tooltip="rules reference at the selected log line's rule or step"),
    ]

    @property
    def era(self) -> str:
        return self.game.rules.name

    # ------------------------------------------------------------ the explaining log
    def render_board(self) -> None:
        super().render_board()
        if self.explain:
            self.render_explained_log()

    def render_explained_log(self) -> None:
        b = self.current_board()
        selected = self.cursor["log"] if self.zone == "log" else None
        era = self.era
        panel = self.query_one("#log", LogPanel)
        panel.show(lambda width: explained_lines(b.log, era, selected=selected, width=width, explain=True),
                   log_title(self.control.folded), self.zone == "log")

    def step_facts(self) -> tuple[CardFacts, list[str]]:
        card, extra = super().step_facts()
        return card, [*extra, f"its rules: {self.rule_here()} (/ opens them)"]

    def toggle_explain(self) -> None:
        self.explain = not self.explain
        self.render_board()

    # ------------------------------------------------------------ the rules reference
    def rule_here(self) -> str:
        """The rule the selection points at: a log line's rule, or the selected step's section."""
        if self.zone == "log":
            items = self.current_board().log
            if items:
                return items[min(self.cursor["log"], len(items) - 1)].rule or ""
        if self.zone == "phases":
            from rules.engine.loop.turn import STEPS
            step = STEPS[self.cursor["phases"]]
            return STEP_RULES[step][0 if self.era == "2014" else 1]
        return ""

    def open_rules(self, query: str | None = None) -> None:
        ref, warning = app_reference(self.era)
        q = self.rule_here() if query is None else query
        self.app.push_screen(RulesScreen(ref, q, self.era, warning))

    # ------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("rule_at_line", "toggle_explain", "open_rules"):
            if not self.is_mounted or self.command_bar_open():
                return False
            if action == "rule_at_line":
                return self.zone == "log" and self.picker is None
            return True
        if action == "play" and self.zone == "log" and self.picker is None:
            return False
        return super().check_action(action, parameters)

    def action_rule_at_line(self) -> None:
        self.open_rules()

    def action_toggle_explain(self) -> None:
        self.toggle_explain()

    def action_open_rules(self) -> None:
        self.open_rules()


class ExplainedGameScreen(RulesKeys, GameScreen):
    """The game screen with the explaining log and the rules reference."""
