#!/usr/bin/env bash
# Prints what the demos must agree on, from a demo's output file: the top-5
# class lines as printed, then the text boxes as "x=[..] y=[..]" sorted (the
# C++ demo prints them as OCR lines in reading order, the C and Python demos
# as detector boxes).
# usage: tools/scripts/demo_results.sh OUTPUT_FILE
set -euo pipefail
grep -E '^  class ' "$1" || true
grep -oE '^  (box|line) +[0-9]+ +x=\[[^]]*\] +y=\[[^]]*\]' "$1" |
  sed -E 's/^  (box|line) +[0-9]+ +//' | sort || true
