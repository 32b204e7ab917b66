"""The `mtg-tui` command."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from mtg_tui import memory
from mtg_tui.cli.launch import allow_illegal_option, at_least, deck_error, game_options, start
from rules.engine.core.ruleset import MULLIGANS, RULESETS
from rules.play.decklist import DeckError
from rules.play.players import LEVELS, described
from rules.play.random_decks import POOLS

# the commands that start the client (goldfish unless --games): the cycle collector stays paused
# until the first frame is drawn (mtg_tui.memory)
CLIENT_COMMANDS = (None, "play", "goldfish", "load", "replay", "practice", "gauntlet")


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.pass_context
def main(ctx: click.Context) -> None:
    """Magic: The Gathering in the terminal, with a rules engine that knows the rules.

    Without a command, opens the main menu."""
    from mtg_tui.persistence.card_pool import register_user_cards
    from mtg_tui.persistence.userfiles import CARDS, cache_dir, remove_stale_writes
    from rules.cards.parse_cache import use_cache_dir

    if ctx.invoked_subcommand not in CLIENT_COMMANDS:
        memory.resume_collector()  # paused while the modules loaded (mtg_tui.cli.entry); the client resumes it itself
    remove_stale_writes()  # what a write killed midway left behind
    use_cache_dir(cache_dir() / CARDS)  # the card files parsed once per content (25 ms of every start)
    warning = register_user_cards()  # the player's imported cards (`mtg-tui cards import`)
    if warning:
        click.echo(warning, err=True)
    if ctx.invoked_subcommand is None:
        from mtg_tui.cli.launch import run_app
        run_app()


@main.command()
@click.argument("deck1")
@click.argument("deck2")
@click.option("--names", default=None, help="Player names, comma-separated (default: alice,bob).")
@click.option("--open", "open_hands", is_flag=True, help="No cover screen between turns: open-hand practice.")
@click.option("--ai", "ai", default=None, metavar="LEVEL",
              help="Play against the computer at this level (it plays the second deck): "
                   + "; ".join(described(level) for level in LEVELS) + ".")
@click.option("--ai-first", is_flag=True, help="With --ai: the computer takes the first seat (and the first deck).")
@game_options
def play(deck1: str, deck2: str, names: str | None, open_hands: bool, ai: str | None, ai_first: bool, ruleset: str,
         mulligan: str | None, seed: int | None, allow_illegal: bool, allow_partial: bool) -> None:
    """A hotseat game: two players share the keyboard; with --ai, a game against the computer.
    A deck is a bundled deck's name or a file."""
    if ai_first and ai is None:
        raise click.ClickException("--ai-first needs --ai LEVEL (the computer's level)")
    start("computer" if ai is not None else "hotseat", (deck1, deck2), names, ruleset, mulligan, seed, open_hands,
          allow_illegal, allow_partial, ai=ai or "random", ai_first=ai_first)


@main.command()
@click.argument("deck")
@click.option("--name", default=None, help="Your name (default: alice).")
@click.option("--games", type=int, default=None, callback=at_least(1),
              help="The deck lab: the autopilot plays this many games headless and prints the report "
                   "(game i uses seed S+i; default seed 0).")
@click.option("--turn-cap", type=int, default=None, callback=at_least(1),
              help="With --games: a game not won by your turn N counts as not won (default: 20).")
@click.option("--json", "as_json", is_flag=True, help="With --games: print the report as one JSON object.")
@game_options
def goldfish(deck: str, name: str | None, games: int | None, turn_cap: int | None, as_json: bool, ruleset: str,
             mulligan: str | None, seed: int | None, allow_illegal: bool, allow_partial: bool) -> None:
    """Goldfish: your deck against an opponent with 20 life who never acts; how fast do you win?

    With --games N, the deck lab: an autopilot plays N games headless and reports the
    kill-turn distribution, mulligans, land drops, stalls and damage by turn."""
    if games is not None:
        memory.resume_collector()  # the deck lab runs headless, not the client
        from mtg_tui.cli.lab import DEFAULT_TURN_CAP, lab_command

        lab_command(deck, games, seed, ruleset, mulligan, turn_cap if turn_cap is not None else DEFAULT_TURN_CAP,
                    as_json, allow_illegal, allow_partial)
        return
    if as_json or turn_cap is not None:
        raise click.UsageError("--json and --turn-cap go with --games (the deck lab)")
    start("goldfish", (deck,), name, ruleset, mulligan, seed, allow_illegal=allow_illegal, allow_partial=allow_partial)


@main.command()
@click.argument("file", type=click.Path(path_type=Path), required=False)
@click.option("--up-to-last-good", is_flag=True,
              help="When the save no longer replays to the game that was saved (the engine or the cards "
                   "changed), open it up to the last action that replays the same without asking.")
def load(file: Path | None, up_to_last_good: bool) -> None:
    """Open a saved game (a file written with Ctrl+S, or the autosave) where it was left;
    without FILE, the list of saves (newest first) to choose from.

    The save is verified: replayed, it must reach the game that was saved.  When it doesn't,
    you are told what changed and asked whether to open it up to the last action that
    replays the same."""
    from mtg_tui.cli.launch import run_app
    from mtg_tui.persistence.saves import SaveError, SaveMismatch, load_checked

    if file is None:
        from mtg_tui.replay_app import run_load_list

        run_load_list()
        return

    try:
        try:
            session, check = load_checked(file, up_to_last_good)
        except SaveMismatch as e:
            click.echo(str(e), err=True)
            if not click.confirm(e.question(), default=False, err=True):
                raise click.ClickException("not opened") from None
            session, check = load_checked(file, up_to_last_good=True)
    except SaveError as e:
        raise click.ClickException(str(e)) from None
    if check.note:
        click.echo(f"note: {check.note}", err=True)
    run_app(session=session)


@main.command(name="replay")
@click.argument("save", type=click.Path(path_type=Path))
def replay_command(save: Path) -> None:
    """Step through a saved game one action at a time, read-only: the board, both hands and
    the log as they were (←/→ an action, PgUp/PgDn a turn, Home/End, Esc or q quits)."""
    from mtg_tui.persistence.saves import SaveError
    from mtg_tui.replay import Replay
    from mtg_tui.replay_app import run_replay

    try:
        replay = Replay.open(save)
    except SaveError as e:
        raise click.ClickException(str(e)) from None
    if replay.problem:
        click.echo(f"note: shown up to where it stops replaying: {replay.problem}", err=True)
    run_replay(replay, str(save))


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("-v", "--verbose", is_flag=True, help="Print the game log of failing scenarios.")
def scenario(files: tuple[Path, ...], verbose: bool) -> None:
    """Run scenario files: one PASS/FAIL line each, then a summary."""
    from rules.play.scenario import run_scenario

    paths: list[Path] = []
    for f in files:
        paths += sorted(f.glob("*.toml")) if f.is_dir() else [f]
    passed = failed = 0
    for path in paths:
        result = run_scenario(path)
        click.echo(result.line())
        if result.passed:
            passed += 1
        else:
            failed += 1
            if verbose and result.game is not None:
                for e in result.game.log:
                    click.echo(f"    [{e.rule or '-':>7}] T{e.turn} {e.step}: {e.text}")
    click.echo(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


@main.command()
@click.argument("deck1", required=False)
@click.argument("deck2", required=False)
@click.option("--games", default=100, show_default=True, callback=at_least(1), help="Number of games.")
@click.option("--seed", default=0, show_default=True, help="Seed of the first game (game i uses seed+i).")
@click.option("--rules", "ruleset", type=click.Choice(list(RULESETS)), default="2014", show_default=True)
@click.option("--mulligan", type=click.Choice(MULLIGANS), default=None,
              help="Mulligan rule (default: the ruleset's).")
@click.option("--turn-cap", default=40, show_default=True, callback=at_least(1),
              help="A game reaching this turn is a draw.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--check", is_flag=True, help="Check the engine's invariants after every action (the fuzzer).")
@click.option("--jobs", default=1, show_default=True, callback=at_least(1),
              help="Worker processes; the results and digest are the same for any number.")
@click.option("--random-decks", is_flag=True,
              help="Instead of DECK1 and DECK2, each game gets two random legal decks built from its seed.")
@click.option("--pool", type=click.Choice(POOLS), default="supported", show_default=True,
              help="The cards random decks are built from.")
@click.option("--precons", is_flag=True,
              help="Instead of DECK1 and DECK2, the 20 bundled precons meet round robin: the game of seed S plays "
                   "pair S mod 190 (the first 10 seeds play every deck once; 190 every pair; 380 both seatings).")
@click.option("--replay", type=int, default=None, metavar="SEED",
              help="Play the game of this seed alone, invariants checked, and print its log (and the error).")
@allow_illegal_option
def simulate(deck1: str | None, deck2: str | None, games: int, seed: int, ruleset: str, mulligan: str | None,
             turn_cap: int, as_json: bool, check: bool, jobs: int, random_decks: bool, pool: str, precons: bool,
             replay: int | None, allow_illegal: bool) -> None:
    """Random agents play GAMES games between DECK1 and DECK2 (or random decks, or the precons
    round robin): the engine's fuzzer and benchmark."""
    from rules.play.simulate import scheduled_decks, simulate as run

    decks, schedule = _simulated_decks(deck1, deck2, random_decks, precons, ruleset, allow_illegal)
    if random_decks:
        deck1, deck2 = f"random decks ({pool} pool)", "random decks"
    if replay is not None:
        _replay(scheduled_decks(schedule, decks or {}, replay) if schedule else decks, replay, ruleset, mulligan,
                turn_cap, pool)
        return
    from mtg_tui.cli.stopping import stops_cleanly

    with stops_cleanly("simulate"):  # Ctrl+C or SIGTERM: the workers end, one line, no traceback
        result = run(decks, games, seed, ruleset, mulligan, turn_cap, check=check, jobs=jobs, pool=pool,
                     schedule=schedule)
    if as_json:
        click.echo(json.dumps(result.as_json()))
    else:
        if precons:
            click.echo(f"games: {result.games}  (the {len(decks or {})} precons round robin, {len(schedule)} pairs, "
                       f"rules {ruleset}, seed {seed})")
            click.echo("wins: " + ", ".join(f"{name} {result.wins.get(name, 0)}" for name in decks or {}))
        else:
            click.echo(f"games: {result.games}  ({deck1} vs {deck2}, rules {ruleset}, seed {seed})")
            click.echo(f"wins: p1 ({deck1}) {result.wins.get('p1', 0)}, p2 ({deck2}) {result.wins.get('p2', 0)}")
        click.echo(f"draws: {result.draws}")
        click.echo(f"errors: {len(result.errors)}")
        again = f" --random-decks --pool {pool}" if random_decks else f" --precons --rules {ruleset}" if precons else ""
        for err in result.errors[:20]:
            click.echo(f"  seed {err.seed}: {err.message} ({err.where})" + (f"; {err.decks}" if err.decks else "")
                       + f"; reproduce with{again} --replay {err.seed}")
        click.echo(f"seconds: {result.seconds:.2f}")
        click.echo(f"games/s: {result.games_per_s:.2f}")
        click.echo(f"decisions/s: {result.decisions_per_s:.0f}  ({result.decisions} decisions)")
        click.echo(f"digest: {result.digest}")
    if result.errors:
        sys.exit(1)


def _simulated_decks(deck1: str | None, deck2: str | None, random_decks: bool, precons: bool, ruleset: str,
                     allow_illegal: bool) -> tuple[dict[str, list[str]] | None, list[tuple[str, str]]]:
    """What `simulate` plays: DECK1 and DECK2 as p1 and p2 (checked, a precon's notice said),
    None for random decks, or the precons by name with their round-robin schedule."""
    from mtg_tui.persistence.decklists import load_checked
    from rules.play.simulate import round_robin

    if random_decks and precons:
        raise click.UsageError("give one of --random-decks and --precons")
    if random_decks or precons:
        if deck1 or deck2:
            raise click.UsageError(f"give either DECK1 and DECK2 or --{'precons' if precons else 'random-decks'}, "
                                   "not both")
        decks = _precon_decks(ruleset) if precons else None
        return decks, round_robin(list(decks)) if decks else []
    if not deck1 or not deck2:
        raise click.UsageError("give DECK1 and DECK2, or --random-decks, or --precons")
    try:
        (d1, note1), (d2, note2) = (load_checked(ref, ruleset, allow_illegal) for ref in (deck1, deck2))
    except DeckError as e:
        raise deck_error(e) from None
    for notice in dict.fromkeys(n for n in (note1, note2) if n):
        click.echo(f"note: {notice}", err=True)
    return {"p1": d1.cards, "p2": d2.cards}, []


def _precon_decks(ruleset: str) -> dict[str, list[str]]:
    """The bundled precons by deck name, each checked as it was sold (its size, the copy limit)."""
    from mtg_tui.persistence.decklists import load_checked
    from mtg_tui.persistence.precons import PRODUCT_LINES

    try:
        return {name: load_checked(name, ruleset)[0].cards for line in PRODUCT_LINES for name in line.decks}
    except DeckError as e:
        raise deck_error(e) from None


def _replay(decks: dict[str, list[str]] | None, seed: int, ruleset: str, mulligan: str | None, turn_cap: int,
            pool: str) -> None:
    """`simulate --replay SEED`: one game of a run, alone, with its log; an engine error is
    shown with its traceback (a bug to fix, so the whole of it)."""
    import traceback

    from rules.play.random_decks import deck_text
    from rules.play.simulate import GameSpec, game_decks, new_game, play_out

    spec = GameSpec(decks, seed, ruleset, mulligan, turn_cap, True, pool)
    chosen = game_decks(spec)
    if decks is None:
        for name, cards in chosen.items():
            click.echo(f"{name}'s deck (random, for game seed {seed}):\n{deck_text(cards)}")
    game = new_game(chosen, seed, ruleset, mulligan, turn_cap)
    error = ""
    try:
        n = play_out(game, seed, check=True)
    except Exception:  # the engine error being reproduced
        error = traceback.format_exc()
        n = -1
    for e in game.log:
        click.echo(f"[{e.rule or '-':>7}] T{e.turn} {e.step}: {e.text}")
    if error:
        click.echo(error, err=True)
        sys.exit(1)
    result = "a draw" if game.is_draw else f"{game.winner} wins"
    click.echo(f"seed {seed}: {result} after {n} decisions")
@main.group(invoke_without_command=True)
@click.option("--set", "set_code", default=None, help="Only the cards of this set (e.g. M10).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.pass_context
def cards(ctx: click.Context, set_code: str | None, as_json: bool) -> None:
    """The card pool: fully supported and partial cards, and what the engine doesn't enforce.

    `mtg-tui cards show NAME` prints one card's Oracle text beside its compiled form;
    `mtg-tui cards import FILE` adds the cards of a Scryfall or MTGJSON file to your pool,
    listed here under their sets; `mtg-tui cards remove SET|FILE` takes them out."""
    if ctx.invoked_subcommand is not None:
        return
    from mtg_tui.persistence.card_pool import imported_lines
    from rules.cards import card_sources
    from rules.cards.report import pool_report, report_lines

    has_imported = any(s is not None for s in card_sources().values())
    report = pool_report(set_code, imported=False if has_imported else None)
    imported = pool_report(set_code, imported=True) if has_imported else None
    if set_code and not report["total"] and not (imported and imported["total"]):
        raise click.ClickException(f"no cards of set {set_code!r}")
    keys = ("total", "supported", "partial", "cards", "sets")
    if as_json:
        doc = {k: report[k] for k in keys}
        if imported is not None:
            doc["imported"] = {k: imported[k] for k in keys}
        click.echo(json.dumps(doc))
        return
    lines = report_lines(report) if report["total"] else []
    if imported is not None and imported["total"]:
        lines += ([""] if lines else []) + imported_lines(imported, set_code)
    click.echo("\n".join(lines))


@cards.command("show")
@click.argument("name", nargs=-1, required=True)
def cards_show(name: tuple[str, ...]) -> None:
    """A card's Oracle text, line by line, beside the abilities the compiler made of it, and
    the official rulings kept from the files you imported (oldest first)."""
    from mtg_tui.persistence.rulings import rulings_lines
    from rules.cards import UnknownCard, get_card
    from rules.cards.describe import card_lines

    try:
        card = get_card(" ".join(name))
    except UnknownCard as e:
        raise click.ClickException(str(e)) from None
    click.echo("\n".join(card_lines(card) + rulings_lines(card.name)))


from mtg_tui.cli.bench import bench_command  # noqa: E402  (issue 13: speed figures)
from mtg_tui.cli.cards import import_command, remove_command  # noqa: E402  (issue 14: card files)
from mtg_tui.cli.deck import deck_command  # noqa: E402  (issue 14: deck files)
from mtg_tui.cli.decks import decks_command  # noqa: E402  (issue 28: the bundled decks and precons)
from mtg_tui.cli.gauntlet import gauntlet_command  # noqa: E402  (issue 28: the gauntlet)
from mtg_tui.cli.practice import practice_command  # noqa: E402  (issue 6: rules practice)
from mtg_tui.cli.rules import rules_command  # noqa: E402
from mtg_tui.cli.serve import serve_command  # noqa: E402  (issue 28: the client in a browser)
from mtg_tui.cli.tournament import tournament_command  # noqa: E402  (issue 26: computer players measured)

cards.add_command(import_command)
cards.add_command(remove_command)
main.add_command(bench_command)
main.add_command(deck_command)
main.add_command(decks_command)
main.add_command(gauntlet_command)
main.add_command(practice_command)
main.add_command(rules_command)
main.add_command(serve_command)
main.add_command(tournament_command)

if __name__ == "__main__":
    main()
