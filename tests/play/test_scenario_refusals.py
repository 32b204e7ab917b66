"""A `!` action in our scenarios must be refused for the reason the file is about.

If the engine isn't asking that player at all, the refusal says only "not your turn to
act", and a file meant to test, say, shroud would pass without testing it.  Files where
acting out of turn *is* the point are listed here."""

from __future__ import annotations

from rules.engine.core import actions as A
from rules.play.scenario import build_game, load_scenario, play_actions

from paths import SCENARIOS as SCENARIOS_DIR

SCENARIOS = sorted(SCENARIOS_DIR.glob("*.toml"))

# files whose `!` actions deliberately come from a player the engine isn't asking
OUT_OF_TURN_ON_PURPOSE = {
    "mulligan_paris_2014.toml",  # 103.4: the starting player declares first
    "mulligan_sequential_2009.toml",  # 101.4: the starting player takes all mulligans first
    "mulligan_sequential_chosen_2014.toml",
    "turn_priority_after_casting.toml",  # 116.3c: the caster keeps priority
}


def test_refusals_answer_the_question_the_engine_asks() -> None:
    wrong: list[str] = []
    for path in SCENARIOS:
        if path.name in OUT_OF_TURN_ON_PURPOSE:
            continue
        sc = load_scenario(path)
        game = build_game(sc)
        for i, text in enumerate(sc.actions, 1):
            if text.startswith("!") and game.decision is not None:
                try:
                    action = game.parse(text[1:].strip())
                except A.IllegalAction:
                    action = None  # refused while naming its objects: a real refusal
                d = game.decision
                if action is not None and not isinstance(action, A.Concede) and (
                        action.player != d.player or not d.answered_by(action)):
                    wrong.append(f"{path.name} action {i} {text!r}: the engine is asking {d.describe()}")
            play_actions(game, [text])
    assert not wrong, "\n".join(wrong)
