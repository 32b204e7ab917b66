"""What a decision kind's home says about it: the shape every entry of the table has."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from ...core import actions as A
from ...core.decisions import Decision
from ...core.state import GameState

D = TypeVar("D", bound=Decision)


def not_an_answer(d: Decision) -> A.IllegalAction:
    """The refusal of an action of the wrong sort for `d` (a `block` when attackers are asked)."""
    return A.IllegalAction(f"that does not answer the question: {d.describe()}")


@dataclass(frozen=True, slots=True)
class DecisionDetails:
    """What a decision's view says beyond its kind, player, prompt and options: today one
    fact, that a search may find nothing (701.16b); a kind that needs more adds a field here."""

    may_find_nothing: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The keys a view as a dict had: only the facts that are so."""
        return {"may_find_nothing": True} if self.may_find_nothing else {}


NO_DETAILS = DecisionDetails()


def no_view(d: Decision) -> DecisionDetails:
    return NO_DETAILS


class ListsItsAnswers(Protocol):
    """A decision whose every answer it lists itself (keep or mulligan, yes or no, a choice
    among a few things): its candidates, its random answer and its check need nothing else."""

    @property
    def choices(self) -> tuple[A.Action, ...]: ...


def listed_answers(state: GameState, d: ListsItsAnswers) -> Iterator[A.Action]:
    yield from d.choices


def any_listed_answer(state: GameState, d: ListsItsAnswers, action: A.Action) -> Any:
    return None  # the space holds only the listed answers (`answered_by`)


def random_listed_answer(state: GameState, d: ListsItsAnswers, rng: random.Random) -> A.Action:
    return rng.choice(list(d.choices))


def reads_nothing(state: GameState, d: Decision, player: str, verb: str, rest: str) -> A.Action | None:
    return None


def writes_nothing(state: GameState, d: Decision, action: A.Action) -> str | None:
    return None


@dataclass(frozen=True)
class Home(Generic[D]):
    """Everything about one kind of decision, in one place.

    - `candidates`: every answer of the right shape, legal or not, in a fixed order (the
      action space keeps the legal ones; with `listed_legal`, they are all legal already);
    - `check`: raises `IllegalAction` naming the rule, or returns the plan to carry the
      answer out (a spell's mana payment), without changing anything;
    - `random_answer`: a random legal answer (the simulator's agent: its draws from the rng
      are part of every seeded game, so they never change);
    - `least`: the legal answer that does the least (no attackers, the first choice): the
      goldfish's, and a computer player's where it has no opinion of its own;
    - `offered`: what the decision offers to choose from (objects, players or words), and
      `view`: what else a client is told about it;
    - `read` and `write`: the notation of an answer, where it reads differently while this
      decision waits (`choose nothing`, a trigger named by its label); None: the plain reading.
    """

    decision: type[D]
    candidates: Callable[[GameState, D], Iterator[A.Action]]
    check: Callable[[GameState, D, A.Action], Any]
    random_answer: Callable[[GameState, D, random.Random], A.Action]
    least: Callable[[GameState, D], A.Action]
    offered: Callable[[D], tuple[Any, ...]]
    view: Callable[[D], DecisionDetails] = no_view
    read: Callable[[GameState, D, str, str, str], A.Action | None] = reads_nothing
    write: Callable[[GameState, D, A.Action], str | None] = writes_nothing
    listed_legal: bool = False
