#!/usr/bin/env python3
"""The files that hold an op type, and a check of docs/adding-an-op.md's counts.

  tools/scripts/op_places.py OP_TYPE...     prints, per op type, the files
                                            that hold it and why
  tools/scripts/op_places.py --check        checks every row of the guide's
                                            table that names a worked example
                                            ("worked example `op`") against
                                            the files that example holds

The places of an op type are the ones a build, a test or a reviewer
requires, found through the tables that hold them (not by a search for the
name): its LITE_OP line (or its row of the activation or element-wise
table, with the formula and an NNA_FN composition) and its LITE_OP_AUDIT row,
the .cc providing its class (LITE_OP_CLASS), its converter row in
lite/nnadapter/converters.inc, the convert_*.cc defining the function that
row names (none for a LITE_NNADAPTER_DIRECT row), the op tests of its
family that build it, and the converter harness cases that build it.
Generated pages (docs/op-coverage.md, docs/op-attribute-audit.md), which
scripts rewrite, are not places.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GUIDE = os.path.join(ROOT, "docs", "adding-an-op.md")


def read(path):
    with open(path) as f:
        return f.read()


def rel(path):
    return os.path.relpath(path, ROOT)


def table_row_places(op):
    """The places of an op declared by a row of the activation or
    element-wise table (lite/operators/math/*.inc) instead of a LITE_OP line:
    the row, the formula (the ApplyAct case / the BinaryFn specialization),
    the composition of an NNA_FN converter."""
    found = {}
    math = os.path.join(ROOT, "lite", "operators", "math")
    acts = os.path.join(math, "activations.inc")
    m = re.search(r"^LITE_ACT\(%s, (\w+), \w+, \w+, \w+, (NNA_\w+)(?:\((\w+)\))?" % re.escape(op),
                  read(acts), re.M)
    if m:
        found[rel(acts)] = "LITE_ACT row"
        for cc in glob.glob(os.path.join(math, "*.cc")):
            if "case ActType::%s:" % m.group(1) in read(cc):
                found[rel(cc)] = "formula (ApplyAct case)"
        if m.group(2) == "NNA_FN":
            for cc in glob.glob(os.path.join(ROOT, "lite", "nnadapter", "convert_*.cc")):
                if re.search(r"^void %s\(" % m.group(3), read(cc), re.M):
                    found[rel(cc)] = "defines %s (NNA_FN composition)" % m.group(3)
    ew = os.path.join(math, "elementwise_ops.inc")
    m = re.search(r"^LITE_ELEMENTWISE\(%s, (\w+)," % re.escape(op[len("elementwise_"):]),
                  read(ew), re.M) if op.startswith("elementwise_") else None
    if m:
        found[rel(ew)] = "LITE_ELEMENTWISE row"
        for cc in glob.glob(os.path.join(math, "*.cc")):
            if "BinaryKind::%s>" % m.group(1) in read(cc):
                found[rel(cc)] = "formula (BinaryFn specialization)"
    return found


def places(op):
    found = {}
    tables = glob.glob(os.path.join(ROOT, "lite", "operators", "*", "ops.inc"))
    tables.append(os.path.join(ROOT, "lite", "nnadapter", "ops.inc"))
    classes = set()
    for t in tables:
        text = read(t)
        for m in re.finditer(r"^LITE_OP\(%s, (\w+)\)" % re.escape(op), text, re.M):
            classes.add(m.group(1))
            found[rel(t)] = "LITE_OP line"
        for m in re.finditer(r'^LITE_OP_AUDIT\(((?:"[^"]*"\s*)+),', text, re.M):
            if op in "".join(re.findall(r'"([^"]*)"', m.group(1))).split(", "):
                found[rel(t)] = found.get(rel(t), "") + " + LITE_OP_AUDIT row"
    for cc in glob.glob(os.path.join(ROOT, "lite", "**", "*.cc"), recursive=True):
        text = read(cc)
        for c in classes:
            if "LITE_OP_CLASS(%s)" % c in text:
                found[rel(cc)] = "provides class %s" % c
    found.update(table_row_places(op))
    conv = os.path.join(ROOT, "lite", "nnadapter", "converters.inc")
    text = read(conv)
    if re.search(r"^LITE_NNADAPTER_DIRECT\(%s," % re.escape(op), text, re.M):
        found[rel(conv)] = "LITE_NNADAPTER_DIRECT row"
    m = re.search(r"^LITE_NNADAPTER_CONVERTER\(%s, (\w+)\)" % re.escape(op), text, re.M)
    if m:
        found[rel(conv)] = "converter row"
        for cc in glob.glob(os.path.join(ROOT, "lite", "nnadapter", "convert_*.cc")):
            if re.search(r"^void %s\(" % m.group(1), read(cc), re.M):
                found[rel(cc)] = "defines %s" % m.group(1)
    tests = glob.glob(os.path.join(ROOT, "lite", "operators", "*", "*_test.cc"))
    tests += glob.glob(os.path.join(ROOT, "lite", "nnadapter", "converter_cases_*_test.cc"))
    for t in tests:
        if '"%s"' % op in read(t):
            found[rel(t)] = "builds it (test)"
    return found


def check():
    rows = [l for l in read(GUIDE).splitlines() if "worked example `" in l]
    errors = []
    for row in rows:
        op = re.search(r"worked example `([^`]+)`", row).group(1)
        stated = re.search(r"\| (\d+):", row)
        if not stated:
            errors.append("row without a count: " + row)
            continue
        got = places(op)
        if len(got) != int(stated.group(1)):
            errors.append("the guide says %s files for worked example '%s', the tree has %d: %s"
                          % (stated.group(1), op, len(got), ", ".join(sorted(got))))
        else:
            print("%s: %d files, as the guide says" % (op, len(got)))
    if not rows:
        errors.append("no row of %s names a worked example" % GUIDE)
    for e in errors:
        print("op_places: " + e)
    return 1 if errors else 0


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if sys.argv[1] == "--check":
        return check()
    for op in sys.argv[1:]:
        got = places(op)
        print("%s: %d files" % (op, len(got)))
        for path in sorted(got):
            print("  %-55s %s" % (path, got[path].strip(" +")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
