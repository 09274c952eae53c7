#!/usr/bin/env python3
"""Regenerates the generated blocks of docs/examples/README.md from the committed replay outputs.

The README's prose is written by hand; every block that shows what `czary-cli replay` printed sits
between two marker comments and is made here from docs/examples/output/NN-name.out.json (written by
scripts/update-examples.sh), so that the page cannot drift from the outputs, and the outputs cannot
drift from the program (the docs.example.NN tests compare them with a fresh replay).

    <!-- KIND:NN [SPEC] begin -->
    ...generated, including the ``` fences...
    <!-- KIND:NN end -->

KIND is one of
  session    the session file docs/examples/NN-*.json as it is (no SPEC);
  condensed  the condensed results (format at the top of the README); SPEC "omit=K" leaves out the
             set-up actions #0-#K when every one of them was accepted (otherwise nothing is left
             out and a warning says so);
  literal    a part of the output as the CLI prints it; SPEC is a path such as `results[18]`,
             `state.party`, `state.next_id` or `state.figures[id=c2]`, optionally followed by
             `keys=a,b,c` to keep only those keys of an object (an excerpt).

Usage: examples_readme.py [--check] [--readme FILE] [--examples DIR]
Without --check the README is rewritten (only if something changed); with --check nothing is
written and the exit code is 1 when the README differs from what would be generated.
Python 3 standard library only.
"""
import argparse
import difflib
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Markers stand on lines of their own (one quoted inside a sentence is not a marker).
BLOCK = re.compile(
    r"^<!-- (?P<kind>[a-z]+):(?P<nn>\d\d)(?P<spec>(?: [^>]*?)?) begin -->\n"
    r"(?P<body>.*?)"
    r"^<!-- (?P=kind):(?P=nn) end -->$",
    re.S | re.M)
STRAY_MARKER = re.compile(r"^<!-- [a-z]+:\d\d(?: [^>]*?)? (?:begin|end) -->$", re.M)


class GenerateError(Exception):
    pass


def compact(value):
    """One-line JSON with the CLI's key order, as in the condensed results."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def pretty(value):
    """The CLI's layout (nlohmann::json dump(1)): one space of indentation, UTF-8 as it is."""
    return json.dumps(value, ensure_ascii=False, indent=1)


def condensed(output, spec, where):
    results = output["results"]
    omit_through = -1
    if spec:
        match = re.fullmatch(r"omit=(\d+)", spec)
        if not match:
            raise GenerateError(f"{where}: condensed takes 'omit=K', not '{spec}'")
        omit_through = int(match.group(1))
        if omit_through >= len(results):
            raise GenerateError(f"{where}: omit={omit_through} but the output has {len(results)} results")
        refused = [r["index"] for r in results[:omit_through + 1] if not r["ok"]]
        if refused:
            # The line would say "all ok": show them instead of hiding a refusal.
            print(f"warning: {where}: set-up actions {refused} are refused now; nothing left out",
                  file=sys.stderr)
            omit_through = -1
    lines = []
    if omit_through >= 0:
        lines.append(f"... #0-#{omit_through} omitted: {omit_through + 1} set-up actions, all ok ...")
    for result in results[omit_through + 1:]:
        head = f"{'#' + str(result['index']):<4} {result['type']:<16} "
        if result["ok"]:
            outcome = result.get("outcome") or {}
            lines.append(head + "ok" + (f"   outcome {compact(outcome)}" if outcome else ""))
        else:
            refusal = result["refusal"]
            lines.append(head + f"REFUSED {refusal['code']} ({refusal['rule']}) {refusal['en']}")
        for entry in result.get("log", []):
            lines.append(f"       log  {entry['rule']:<5} {entry['en']}".rstrip())
        for roll in result.get("rolls", []):
            pips = ", ".join(str(p) for p in roll["pips"])
            lines.append(f"       roll {roll['purpose']} {roll.get('figure') or '-'} {roll['code']} "
                         f"pips [{pips}] = {roll['total']} ({roll['source']})")
    lines.append(f"position: {output['position']}")
    return "```\n" + "\n".join(lines) + "\n```\n"


PATH_STEP = re.compile(r"\.?([A-Za-z_][A-Za-z_0-9]*)|\[(\d+)\]|\[([a-z_]+)=([^\]]+)\]")


def literal(output, spec, where):
    parts = spec.split()
    if not parts or len(parts) > 2 or (len(parts) == 2 and not parts[1].startswith("keys=")):
        raise GenerateError(f"{where}: literal takes 'PATH [keys=a,b]', not '{spec}'")
    path = parts[0]
    value = output
    position = 0
    while position < len(path):
        step = PATH_STEP.match(path, position)
        if not step or step.end() == position:
            raise GenerateError(f"{where}: cannot read the path '{path}' at '{path[position:]}'")
        position = step.end()
        name, index, field, wanted = step.groups()
        try:
            if name is not None:
                value = value[name]
            elif index is not None:
                value = value[int(index)]
            else:
                found = [item for item in value if str(item.get(field)) == wanted]
                if len(found) != 1:
                    raise LookupError
                value = found[0]
        except (LookupError, TypeError, AttributeError):
            raise GenerateError(f"{where}: the output has nothing at '{path[:position]}'") from None
    if len(parts) == 2:
        keys = parts[1][len("keys="):].split(",")
        missing = [k for k in keys if not isinstance(value, dict) or k not in value]
        if missing:
            raise GenerateError(f"{where}: '{path}' has no key(s) {missing}")
        value = {k: v for k, v in value.items() if k in keys}  # in the CLI's order
    return "```json\n" + pretty(value) + "\n```\n"


def session(examples, nn, spec, where):
    if spec:
        raise GenerateError(f"{where}: session takes no spec")
    text = example_file(examples, nn).read_text(encoding="utf-8")
    return "```json\n" + text + ("" if text.endswith("\n") else "\n") + "```\n"


def example_file(examples, nn):
    found = sorted(examples.glob(f"{nn}-*.json"))
    if len(found) != 1:
        raise GenerateError(f"expected one docs/examples/{nn}-*.json, found {len(found)}")
    return found[0]


def output_of(examples, nn, cache):
    if nn not in cache:
        name = example_file(examples, nn).stem + ".out.json"
        path = examples / "output" / name
        if not path.exists():
            raise GenerateError(f"no {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
                                "run scripts/update-examples.sh")
        cache[nn] = json.loads(path.read_text(encoding="utf-8"))
    return cache[nn]


def generate(readme_text, examples):
    cache = {}
    count = 0

    def replace(match):
        nonlocal count
        kind, nn, spec = match["kind"], match["nn"], match["spec"].strip()
        line = readme_text.count("\n", 0, match.start()) + 1
        where = f"README.md:{line} ({kind}:{nn})"
        if kind == "session":
            body = session(examples, nn, spec, where)
        elif kind == "condensed":
            body = condensed(output_of(examples, nn, cache), spec, where)
        elif kind == "literal":
            body = literal(output_of(examples, nn, cache), spec, where)
        else:
            raise GenerateError(f"{where}: unknown kind '{kind}'")
        count += 1
        begin = f"<!-- {kind}:{nn}{' ' + spec if spec else ''} begin -->\n"
        return begin + body + f"<!-- {kind}:{nn} end -->"

    result = BLOCK.sub(replace, readme_text)
    # A begin without its end (or the other way round) would silently leave a block unchecked.
    leftover = STRAY_MARKER.findall(BLOCK.sub("", readme_text))
    if leftover:
        raise GenerateError(f"unpaired marker(s) in the README: {leftover}")
    return result, count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 on a difference")
    parser.add_argument("--readme", type=pathlib.Path, default=ROOT / "docs/examples/README.md")
    parser.add_argument("--examples", type=pathlib.Path, default=ROOT / "docs/examples")
    args = parser.parse_args()
    current = args.readme.read_text(encoding="utf-8")
    try:
        wanted, count = generate(current, args.examples)
    except GenerateError as error:
        print(f"examples_readme.py: {error}", file=sys.stderr)
        return 2
    if wanted == current:
        print(f"{args.readme.name}: {count} generated blocks up to date")
        return 0
    if args.check:
        diff = list(difflib.unified_diff(current.splitlines(), wanted.splitlines(),
                                         "README.md (committed)", "README.md (generated from the outputs)",
                                         n=2, lineterm=""))
        print("\n".join(diff[:60]))
        if len(diff) > 60:
            print(f"... {len(diff) - 60} more diff lines")
        print("docs/examples/README.md differs from what scripts/examples_readme.py makes of "
              "docs/examples/output/.\nIf the change is intended, run scripts/update-examples.sh "
              "and review the diff.")
        return 1
    args.readme.write_text(wanted, encoding="utf-8")
    print(f"{args.readme.name}: {count} generated blocks, rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
