"""The project's card data agrees with the shared reference facts (costs, types, P/T,
loyalty, Oracle text), when the reference file is present."""

from __future__ import annotations

import json

import pytest

from rules.cards import card_names, get_card

from paths import REFERENCE_JSON

REFERENCE = REFERENCE_JSON


@pytest.fixture(scope="module")
def reference() -> dict[str, dict]:
    if not REFERENCE.is_file():
        pytest.skip("reference card facts not present")
    return {c["name"]: c for c in json.loads(REFERENCE.read_text())["cards"]}


def test_every_card_matches_the_reference(reference: dict[str, dict]) -> None:
    problems = []
    for name in card_names():
        ref = reference.get(name)
        if ref is None:
            problems.append(f"{name}: not in the reference")
            continue
        card = get_card(name)
        ours = {
            "mana_cost": str(card.mana_cost) if card.mana_cost else "",
            "type_line": str(card.type_line),
            "oracle_text": card.text,
            "power": card.power, "toughness": card.toughness,
            "loyalty": str(card.loyalty) if card.loyalty is not None else None,
        }
        for key, value in ours.items():
            if (ref[key] or "") != (value or ""):
                problems.append(f"{name}.{key}: ours {value!r}, reference {ref[key]!r}")
        for s in card.sets:
            if s not in ref["sets"]:
                problems.append(f"{name}: reference doesn't list it in {s}")
    assert not problems, "\n".join(problems)
