"""Mana costs, mana pools and the automatic payment solver (2014: 106, 107.4, 601.2g)."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, NamedTuple, TypeVar

COLORS = "WUBRG"
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
NAME_TO_COLOR = {v: k for k, v in COLOR_NAMES.items()}

_SYMBOL = re.compile(r"\{([^}]+)\}")

K = TypeVar("K", bound=Hashable)  # how the caller names a mana source (the engine: an object id)


class ManaError(ValueError):
    """A mana cost string that does not parse."""


@dataclass(frozen=True)
class ManaCost:
    """A mana cost: generic amount, colored symbols (a symbol is a set of acceptable colors;
    a hybrid symbol has two) and the number of {X}s."""

    generic: int = 0
    colored: tuple[frozenset[str], ...] = ()
    x_count: int = 0
    text: str = ""

    @property
    def cmc(self) -> int:
        """Converted mana cost (X counts as 0 outside the stack)."""
        return self.generic + len(self.colored)

    @property
    def colors(self) -> frozenset[str]:
        out: set[str] = set()
        for sym in self.colored:
            out |= sym
        return frozenset(out)

    def with_x(self, x: int, only: str = "") -> ManaCost:
        """The cost to pay once X is chosen (2014 601.2b/107.3).  `only`: the colors X must be
        paid with ("Spend only black mana on X"): each unit of X is then a symbol of those
        colors, {X}{1}{B} with X=2 and only "B" being {B}{B}{1}{B}."""
        if not self.x_count:
            return self
        if only:
            sym = "{" + "/".join(sorted(only)) + "}"
            text = re.sub(r"\{X\}", sym * x, self.text, flags=re.I)
            return ManaCost(self.generic, self.colored + (frozenset(only),) * (x * self.x_count), 0, text)
        without_x = ManaCost(self.generic, self.colored, 0, re.sub(r"\{X\}", "", self.text, flags=re.I))
        return without_x.plus_generic(x * self.x_count, keep_zero=True)

    def plus_generic(self, n: int, *, keep_zero: bool = False) -> ManaCost:
        """This cost with `n` more generic mana ("costs {1} more", 601.2e), written as one
        generic symbol: {X}{R} with X=3 is {3}{R}."""
        text = self.text
        m = re.match(r"\{(\d+)\}", text)
        if m:
            text = f"{{{int(m.group(1)) + n}}}" + text[m.end():]
        elif n or (keep_zero and not text):
            text = f"{{{n}}}" + text
        return ManaCost(self.generic + n, self.colored, self.x_count, text)

    def minus_generic(self, n: int) -> ManaCost:
        """This cost with up to `n` less generic mana ("costs {6} less", 601.2e); colored
        mana is never reduced this way."""
        k = min(n, self.generic)
        text = self.text
        m = re.match(r"\{(\d+)\}", text)
        if m and k:
            left = int(m.group(1)) - k
            text = (f"{{{left}}}" if left else "") + text[m.end():]
        return ManaCost(self.generic - k, self.colored, self.x_count, text)

    def plus(self, other: ManaCost) -> ManaCost:
        return ManaCost(
            self.generic + other.generic,
            self.colored + other.colored,
            self.x_count + other.x_count,
            (self.text + other.text),
        )

    def __str__(self) -> str:
        return self.text or "{0}"

    def is_free(self) -> bool:
        return self.generic == 0 and not self.colored and self.x_count == 0


NO_MANA = ManaCost()  # no mana cost (shared: a ManaCost never changes)


def parse_cost(text: str | None) -> ManaCost | None:
    """Parse "{2}{R}{G/W}{X}" into a ManaCost; None/"" means no mana cost."""
    if text is None or text.strip() == "":
        return None
    text = text.strip()
    symbols = _SYMBOL.findall(text)
    if "".join(f"{{{s}}}" for s in symbols) != text:
        raise ManaError(f"malformed mana cost {text!r}")
    generic = 0
    colored: list[frozenset[str]] = []
    x_count = 0
    for sym in symbols:
        s = sym.upper()
        if s.isdigit():
            generic += int(s)
        elif s == "X":
            x_count += 1
        elif s in COLORS:
            colored.append(frozenset(s))
        elif "/" in s:
            a, b = s.split("/", 1)
            if a in COLORS and b in COLORS:
                colored.append(frozenset((a, b)))
            elif a.isdigit() and b in COLORS:
                # monocolored hybrid: treated as its colored half (the cheaper way to pay)
                colored.append(frozenset(b))
            else:
                raise ManaError(f"unknown mana symbol {{{sym}}}")
        elif s == "C":
            generic += 1
        else:
            raise ManaError(f"unknown mana symbol {{{sym}}}")
    return ManaCost(generic, tuple(colored), x_count, text)


def mana_symbols(mana: Iterable[str]) -> str:
    """Render mana units ("G", "C") as symbols."""
    return "".join(f"{{{m}}}" for m in mana)


@dataclass
class Source(Generic[K]):
    """A mana source the solver may tap: `key` identifies it to the caller, `colors` what one
    unit can be, `amount` how many units one activation makes, `cost` how much the caller
    would rather not use it (creatures cost more than lands, many colors more than one),
    `extra` the units (one color letter each) that activating it also adds by a triggered
    mana ability (Overgrowth's {G}{G}, 605.1b / 406.1)."""

    key: K
    colors: frozenset[str]
    amount: int = 1
    cost: int = 0
    keep: int = 0  # how much the caller wants this source's colors for later (e.g. cards in hand)
    extra: tuple[str, ...] = ()

    @property
    def preference(self) -> tuple[int, int, int, int]:
        """Lower is tapped sooner: the caller's cost, then sources whose activation makes more
        than asked for (extra mana) last, then the colors wanted later, then fewer colors."""
        return (self.cost, len(self.extra), self.keep, len(self.colors))

    @property
    def units(self) -> int:
        """How much mana one activation makes in all."""
        return self.amount + len(self.extra)


@dataclass
class Payment(Generic[K]):
    """The solver's answer: which sources to activate (with the color each should make),
    and which units to take from the pool."""

    activations: list[tuple[K, str]] = field(default_factory=list)
    from_pool: Counter[str] = field(default_factory=Counter)


def solve_payment(
    cost: ManaCost,
    pool: Counter[str],
    sources: Sequence[Source[K]],
    require_all_sources: bool = False,
) -> Payment[K] | None:
    """Find a way to pay `cost` (X already fixed) from the pool and the sources; None when
    there is none.  One activation makes all its units in one color ("Add two mana of any
    one color"), so a source making several units of a choice of colors is tried with each
    of its colors in turn."""
    several = [i for i, src in enumerate(sources) if src.amount > 1 and len(src.colors) > 1]
    several_units = any(src.units > 1 for src in sources)  # else every unit a plan makes is spent
    for choice in itertools.product(*(sorted(sources[i].colors) for i in several)):
        fixed = list(sources)
        for i, color in zip(several, choice, strict=True):
            fixed[i] = replace(sources[i], colors=frozenset(color))
        plan = _solve(cost, pool, fixed, require_all_sources)
        if plan is not None:
            if require_all_sources or not several_units:
                return plan
            return _fewest_activations(cost, pool, fixed, plan)
    return None


def _fewest_activations(cost: ManaCost, pool: Counter[str], sources: Sequence[Source[K]],
                        plan: Payment[K]) -> Payment[K]:
    """`plan` without the activations the others make unnecessary: a source that makes
    several units (Overgrowth's land: its own and two more) may cover what a source picked
    before it was to make.  The least preferred are dropped first."""
    by_key = {src.key: src for src in sources}
    used = [by_key[k] for k, _ in plan.activations]
    if all(src.units == 1 for src in used):
        return plan  # each unit made is spent: nothing to drop
    for src in sorted(used, key=lambda u: u.preference, reverse=True):
        rest = [u for u in used if u.key != src.key]
        if len(rest) == len(used):
            continue  # no longer in the plan
        fewer = _solve(cost, pool, rest, False)
        if fewer is not None:
            plan, used = fewer, [by_key[k] for k, _ in fewer.activations]
    return plan


class _Unit(NamedTuple, Generic[K]):
    """One unit of mana a payment may spend.  `kind` is "pool" (its `ref` is its color),
    "src" (one of the units a source's activation makes, `ref` the source) or "extra" (a unit
    a triggered mana ability adds when the source is activated)."""

    kind: str
    ref: str | Source[K]
    colors: frozenset[str]
    preference: tuple[int, int, int, int]


def _unit_colors(color: str) -> frozenset[str]:
    """What a one-color unit can pay for: colorless ({C}) pays no colored symbol."""
    return frozenset(color) if color != "C" else frozenset()


def _available_units(pool: Counter[str], sources: Sequence[Source[K]]) -> list[_Unit[K]]:
    """The pool's units (spent first: they would empty or burn anyway), then every unit the
    sources can make."""
    units: list[_Unit[K]] = []
    for color, n in sorted(pool.items()):
        for _ in range(n):
            units.append(_Unit("pool", color, _unit_colors(color), (-1, 0, 0, 0)))
    for src in sources:
        for _ in range(src.amount):
            units.append(_Unit("src", src, src.colors, src.preference))
        for color in src.extra:  # made by the activation, whatever color its own mana is
            units.append(_Unit("extra", src, _unit_colors(color), src.preference))
    return units


def _assign_colored(needs: list[frozenset[str]], units: list[_Unit[K]], order: list[int]
                    ) -> dict[int, int] | None:
    """A unit for each colored symbol (need index -> unit index), trying the preferred units
    first and backtracking; None when the symbols can't all be paid."""
    chosen: dict[int, int] = {}
    used: set[int] = set()

    def assign(k: int) -> bool:
        if k == len(needs):
            return True
        for ui in order:
            if ui in used or not units[ui].colors & needs[k]:
                continue
            used.add(ui)
            chosen[k] = ui
            if assign(k + 1):
                return True
            used.discard(ui)
        return False

    return chosen if assign(0) else None


def _color_of_each_unit(units: list[_Unit[K]], needs: list[frozenset[str]], chosen: dict[int, int],
                        generic_units: list[int]) -> dict[int, str]:
    """The color each spent unit is made in: the first color its symbol accepts, and for
    generic mana its pool color or its source's first color (colorless when it has none)."""
    unit_color: dict[int, str] = {}
    for k, ui in chosen.items():
        unit_color[ui] = sorted(units[ui].colors & needs[k])[0]
    for ui in generic_units:
        ref, cols = units[ui].ref, units[ui].colors
        unit_color[ui] = ref if isinstance(ref, str) else (sorted(cols)[0] if cols else "C")
    return unit_color


def _payment_of(units: list[_Unit[K]], unit_color: dict[int, str], sources: Sequence[Source[K]],
                require_all_sources: bool) -> Payment[K]:
    """The payment spending those units: pool mana taken, each source activated once (in the
    color of its first unit spent; a source only its extra units were spent from, or any
    source when all must be used, in its first color)."""
    payment: Payment[K] = Payment()
    activated: dict[K, str] = {}
    only_extra: list[Source[K]] = []
    for ui, color in unit_color.items():
        kind, ref = units[ui].kind, units[ui].ref
        if isinstance(ref, str):
            payment.from_pool[ref] += 1
        elif kind == "extra":
            only_extra.append(ref)  # activated, its own mana in a color an own unit may yet choose
        else:
            activated.setdefault(ref.key, color)
    for src in [*only_extra, *(sources if require_all_sources else ())]:
        activated.setdefault(src.key, sorted(src.colors)[0] if src.colors else "C")
    payment.activations = list(activated.items())
    return payment


def _solve(
    cost: ManaCost,
    pool: Counter[str],
    sources: Sequence[Source[K]],
    require_all_sources: bool,
) -> Payment[K] | None:
    """`solve_payment` for sources whose units may each be any of their colors.

    Pool mana is spent first (it would empty or burn anyway), then the sources that keep
    the most options open: the lowest caller cost, then the colors least wanted later
    (`keep`), then the fewest colors first.  Returns
    None when no payment exists.  Exhaustive, so it finds a payment whenever one exists.
    """
    units = _available_units(pool, sources)
    order = sorted(range(len(units)), key=lambda i: units[i].preference)
    needs = sorted(cost.colored, key=len)  # most constrained symbols first
    if len(needs) + cost.generic > len(units):
        return None
    chosen = _assign_colored(needs, units, order)
    if chosen is None:
        return None
    spent = set(chosen.values())
    remaining = [ui for ui in order if ui not in spent]
    if len(remaining) < cost.generic:
        return None
    unit_color = _color_of_each_unit(units, needs, chosen, remaining[: cost.generic])
    return _payment_of(units, unit_color, sources, require_all_sources)


def pool_text(pool: Counter[str]) -> str:
    return mana_symbols(c for c in "WUBRGC" for _ in range(pool.get(c, 0))) or "empty"
