"""What the card pool supports: per set, which cards compile fully and which sentences of
the partial ones the engine does not enforce (`mtg-tui cards`)."""

from __future__ import annotations

from typing import Any

from . import card_names, card_set, card_sources, get_card


def pool_report(set_code: str | None = None, imported: bool | None = None) -> dict[str, Any]:
    """Counts and cards of one set (or of the whole pool): keys total, supported, partial,
    cards (name, set, status, unsupported) and sets (counts per set).  `imported`: only the
    cards of added card directories (True) or only the bundled ones (False)."""
    code = set_code.upper() if set_code else None
    cards: list[dict[str, Any]] = []
    per_set: dict[str, dict[str, int]] = {}
    sources = card_sources()
    for name in card_names():
        if imported is not None and (sources[name] is not None) != imported:
            continue
        card = get_card(name)
        if code is not None and code not in card.sets:
            continue
        cards.append({"name": card.name, "set": code or card_set(name), "status": card.status,
                      "unsupported": list(card.unsupported), "sets": list(card.sets)})
        for s in card.sets if code is None else (code,):
            counts = per_set.setdefault(s, {"total": 0, "supported": 0, "partial": 0})
            counts["total"] += 1
            counts[card.status] += 1
    supported = sum(1 for c in cards if c["status"] == "supported")
    return {"total": len(cards), "supported": supported, "partial": len(cards) - supported, "cards": cards,
            "sets": dict(sorted(per_set.items()))}


def report_lines(report: dict[str, Any]) -> list[str]:
    """The report as text: counts per set, then each partial card and what isn't enforced."""
    out = [f"{s}: {c['total']} cards, {c['supported']} fully supported, {c['partial']} partial"
           for s, c in report["sets"].items()]
    if len(report["sets"]) != 1:
        out.append(f"all: {report['total']} cards, {report['supported']} fully supported, "
                   f"{report['partial']} partial")
    partial = [c for c in report["cards"] if c["status"] == "partial"]
    if partial:
        out.append("")
        out.append("partial cards (sentences the engine does not enforce):")
        for c in partial:
            out.append(f"  {c['name']} ({c['set']})")
            out += [f"    - {line}" for line in c["unsupported"]]
    return out
