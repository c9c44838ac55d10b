"""The command line: ``python -m scoring score|simulate|bench`` (docs/record-format.md)."""

from __future__ import annotations

import argparse
import json
import os
import sys

from scoring.findings import Finding, quote
from scoring.record import findings_of, load_record, output_document, replay


def score(path: str) -> int:
    """Print the output document for a record, or its findings; the exit status."""
    try:
        if path == "-":
            text = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as file:
                text = file.read()
    except OSError as error:
        print(f"cannot read {path}: {error.strerror}", file=sys.stderr)
        return 1
    try:
        game = replay(load_record(text))
    except Finding as error:
        for line in findings_of(error):
            print(line, file=sys.stderr)
        return 1
    # One line, no indent: the C encoder writes it many times faster.
    write_out(json.dumps(output_document(game), ensure_ascii=False) + "\n")
    return 0


def write_out(text: str) -> None:
    """Write to standard output as UTF-8, whatever the terminal's encoding:
    the document is the same bytes on every machine."""
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode("utf-8", "backslashreplace"))
    sys.stdout.buffer.flush()


def main(argv: list[str] | None = None) -> int:
    """Run one command of the command line; whatever it meets, it ends with
    an exit status and plain words, never a traceback."""
    try:
        return _command(argv)
    except BrokenPipeError:
        # The reader went away (``| head``): nothing more to say to it.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        return 130
    except (RecursionError, MemoryError):
        print("the input is too deeply nested or too large to read", file=sys.stderr)
        return 1
    except Exception as error:  # a bug of ours: say so in one line
        print(f"internal error: {type(error).__name__}: {quote(str(error))}", file=sys.stderr)
        return 2


def _command(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring")
    commands = parser.add_subparsers(dest="command", required=True)
    scoring = commands.add_parser("score", help="score a bottle-imp/1 record")
    scoring.add_argument("file", help="the record, or - for standard input")
    simulating = commands.add_parser("simulate", help="print a random legal record")
    simulating.add_argument("--variant", required=True)
    simulating.add_argument("--players", type=int, required=True)
    simulating.add_argument("--rounds", type=int, default=1)
    simulating.add_argument("--seed", type=int, default=None)
    simulating.add_argument("--teams", default=None)
    simulating.add_argument("--edition", default=None)
    benching = commands.add_parser("bench", help="rounds a second the engine replays and scores")
    benching.add_argument("--json", action="store_true")
    benching.add_argument("--seconds", type=float, default=1.0)
    benching.add_argument(
        "--records", action="store_true", help="seconds to score or refuse hostile 1 MiB records"
    )
    args = parser.parse_args(argv)
    if args.command == "score":
        return score(args.file)
    if args.command == "simulate":
        from scoring.simulate import simulate_command

        return simulate_command(args)
    from scoring.bench import bench_command

    return bench_command(args)


if __name__ == "__main__":
    sys.exit(main())
