"""Where the tests find things: the checkout, its scenario files and decks, and `../shared`
(real-world files and the seed documents, which tests skip cleanly without)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
DECKS = ROOT / "decks"
SHARED = ROOT.parent / "shared"
SEEDS = SHARED / "seeds"
REFERENCE_JSON = SHARED / "reference" / "core-sets-2007-2011.json"
