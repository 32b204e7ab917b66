"""Abilities are data: the compiled form of every card in the pool, as text, is held in a
snapshot, so a compiler change shows as a readable diff over the whole pool (update it on
purpose with `pytest --snapshot-update`); and every compiled card pickles and compares."""

from __future__ import annotations

import pickle

from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from rules.cards import card_names, get_card
from rules.cards.describe import card_lines


class TextSnapshot(SingleFileSnapshotExtension):
    _write_mode = WriteMode.TEXT
    _file_extension = "txt"


def pool_text() -> str:
    return "\n\n".join("\n".join(card_lines(get_card(name))) for name in card_names()) + "\n"


def test_the_compiled_form_of_every_card(snapshot) -> None:  # noqa: ANN001
    assert pool_text() == snapshot(extension_class=TextSnapshot)


def test_compiled_cards_are_plain_data() -> None:
    """No closures in card definitions: each pickles and reads back equal."""
    for name in card_names():
        card = get_card(name)
        assert pickle.loads(pickle.dumps(card)) == card, name
