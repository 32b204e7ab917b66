"""The game screen's logic without Textual, in parts of one job each; `GameController`
(mtg_tui/game_controller.py) puts them together."""
