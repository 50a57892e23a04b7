#!/usr/bin/env python3
"""Writes docs/conformance.md from run_corpus.py's failure list.

  test/corpus/write_conformance_doc.py --failures build/test/corpus-reference-failures.txt \
      --total 1556 --backend reference --out docs/conformance.md

Failures are grouped by the error message with numbers and names blanked, so
each distinct reason appears once with its files.
"""
import argparse
import collections
import re


def reason_key(msg):
    msg = re.sub(r"^.*?error: ", "", msg)
    msg = re.sub(r"'[^']*'", "'…'", msg)
    msg = re.sub(r"-?\d+(\.\d+)?(e-?\d+)?", "N", msg)
    return msg[:160]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--failures", required=True)
    ap.add_argument("--total", type=int, required=True)
    ap.add_argument("--backend", default="reference")
    ap.add_argument("--out", required=True)
    ap.add_argument("--header", default="")
    args = ap.parse_args()
    rows = [l.rstrip("\n").split("\t") for l in open(args.failures) if l.strip()]
    groups = collections.OrderedDict()
    for name, kind, msg in sorted(rows, key=lambda r: (reason_key(r[2]), r[0])):
        groups.setdefault((kind, reason_key(msg)), []).append((name, msg))
    passed = args.total - len(rows)
    with open(args.out, "w") as out:
        out.write("# Conformance: the StableHLO test corpus\n\n")
        if args.header:
            out.write(open(args.header).read() + "\n")
        out.write("Backend `%s`: **%d of %d** files pass (%.1f%%); %d fail.\n\n" % (
            args.backend, passed, args.total, 100.0 * passed / args.total, len(rows)))
        out.write("Every failing file, grouped by reason (kind: `check` = a check.expect_* "
                  "failed, `error` = the run stopped with an error, `timeout`):\n\n")
        out.write("| kind | reason | files |\n|---|---|---|\n")
        for (kind, key), items in groups.items():
            names = ", ".join("`%s`" % n for n, _ in items)
            shown = re.sub(r"^.*?error: ", "", items[0][1]).replace("|", "\\|")[:200]
            out.write("| %s | %s | %d: %s |\n" % (kind, shown, len(items), names))
    print("wrote %s: %d of %d pass" % (args.out, passed, args.total))


if __name__ == "__main__":
    main()
