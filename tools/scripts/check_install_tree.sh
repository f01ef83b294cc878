#!/usr/bin/env bash
# Checks an install prefix (cmake --install build --prefix P):
#  1. every file matches tools/scripts/install_manifest.txt (no stray file)
#     and every manifest line matches a file;
#  2. every installed header compiles on its own (-include it into an empty
#     file): all as C++17, the C API headers also as C99 and the NNAdapter
#     C API header as C11 (it has an anonymous union), -Wall -Werror -pedantic;
#  3. every versioned shared library has the SONAME lib<name>.so.<major.minor>
#     and the unversioned links point at it.
# Prints "install tree: N checks passed, M failed"; exit status 1 on a failure.
set -uo pipefail
PREFIX="${1:?usage: check_install_tree.sh <prefix>}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MANIFEST="$ROOT/tools/scripts/install_manifest.txt"
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "install tree: $*" >&2; }

mapfile -t patterns < <(grep -v '^#' "$MANIFEST" | grep -v '^\s*$')
mapfile -t files < <(cd "$PREFIX" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort)
for f in "${files[@]}"; do
  matched=0
  for p in "${patterns[@]}"; do
    # shellcheck disable=SC2053
    [[ "$f" == $p ]] && matched=1 && break
  done
  if [ $matched -eq 1 ]; then ok; else bad "stray file $PREFIX/$f (not in $MANIFEST)"; fi
done
for p in "${patterns[@]}"; do
  found=0
  for f in "${files[@]}"; do
    # shellcheck disable=SC2053
    [[ "$f" == $p ]] && found=1 && break
  done
  if [ $found -eq 1 ]; then ok; else bad "nothing installed for manifest line '$p'"; fi
done

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
: > "$TMP/empty.c"
while IFS= read -r h; do
  rel="${h#"$PREFIX/include/"}"
  if g++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I"$PREFIX/include" -x c++ \
      -include "$h" "$TMP/empty.c" 2> "$TMP/err"; then ok; else
    bad "$rel does not compile alone as C++17: $(head -n 3 "$TMP/err")"; fi
  cstd=""
  case "$rel" in
    paddle_c_api.h|pd_*.h) cstd=c99 ;;
    nnadapter/nnadapter.h) cstd=c11 ;;
  esac
  case "$cstd" in
    c*)
      if gcc -std=$cstd -Wall -Wextra -Werror -pedantic -fsyntax-only -I"$PREFIX/include" -x c \
          -include "$h" "$TMP/empty.c" 2> "$TMP/err"; then ok; else
        bad "$rel does not compile alone as $cstd: $(head -n 3 "$TMP/err")"; fi ;;
  esac
done < <(find "$PREFIX/include" -name '*.h' | sort)

for lib in "$PREFIX"/lib/lib*.so.*.*.*; do
  base="$(basename "$lib")"
  name="${base%%.so.*}"
  version="${base#*.so.}"
  soname="$name.so.${version%.*}"
  actual="$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')"
  if [ "$actual" = "$soname" ]; then ok; else bad "$base has SONAME '$actual' (expected $soname)"; fi
  if [ "$(readlink "$PREFIX/lib/$soname")" = "$base" ] &&
     [ "$(readlink "$PREFIX/lib/$name.so")" = "$soname" ]; then ok; else
    bad "$name.so -> $soname -> $base links are missing or wrong"; fi
done

echo "install tree: $passed checks passed, $failed failed"
[ $failed -eq 0 ]
