#!/usr/bin/env bash
# The release runs with only a JRE: unpacks the tarball into a new directory and runs it there with an empty HOME
# (no ~/.m2), a PATH whose `mvn` fails loudly (exit 99, leaving a mark), nothing of the checkout, and lib/embedded/
# moved away for the commands that must not need it. Run by the dist build in its integration-test phase.
# Usage: release-smoke.sh <punctual-<version>.tar.gz>
set -euo pipefail

tarball="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
[ -f "$tarball" ] || { echo "release-smoke: no tarball at $tarball" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

fail() {
  echo "release-smoke: FAILED: $*" >&2
  exit 1
}

mkdir -p "$work/unpacked" "$work/home" "$work/bin" "$work/fakejdk/bin" "$work/elsewhere"
tar -xzf "$tarball" -C "$work/unpacked"
release="$(echo "$work"/unpacked/punctual-*)"
[ -x "$release/bin/punctual" ] || fail "no executable bin/punctual in the tarball"

# A PATH with the real java, and an mvn that records being called: the release must never build.
java_real="$(readlink -f "$(command -v "${JAVA_HOME:+$JAVA_HOME/bin/}java")")"
ln -s "$java_real" "$work/bin/java"
printf '#!/bin/sh\ntouch "%s/mvn-was-called"\nexit 99\n' "$work" >"$work/bin/mvn"
chmod +x "$work/bin/mvn"
bare=(env -i "HOME=$work/home" "PATH=$work/bin:/usr/bin:/bin" "TMPDIR=$work")

run() {
  (cd "$work/elsewhere" && "${bare[@]}" "$release/bin/punctual" "$@")
}

echo "== release-smoke: $(basename "$tarball") unpacked in $release"
for path in LICENSE NOTICE README.md CHANGELOG.md docs/prerequisites.md Dockerfile conf/punctual.service conf/site.conf \
    conf/embedded/site.conf lib/punctual-workloads.jar lib/spark/spark-runtime.classpath bin/lib/jvm-opens.sh; do
  [ -s "$release/$path" ] || fail "the release has no $path"
done
ls "$release"/lib/embedded/bcprov-*.jar >/dev/null 2>&1 || fail "lib/embedded/ lacks BouncyCastle"
! ls "$release"/lib/bcprov-*.jar >/dev/null 2>&1 || fail "BouncyCastle is on the always-loaded lib/"
# Relative names only: a jar in lib/spark/ itself, or ../<jar> for one the CLI shares in lib/.
grep -qE '(^|:)/' "$release/lib/spark/spark-runtime.classpath" && fail "the Spark class path names absolute paths"
while IFS= read -r jar; do
  [ -n "$jar" ] || continue
  [ -f "$release/lib/spark/$jar" ] || fail "lib/spark/spark-runtime.classpath names $jar, which the release lacks"
done < <(tr ':' '\n' <"$release/lib/spark/spark-runtime.classpath"; echo)  # the file ends without a newline

# The embedded cluster's jars are away: what a gateway in front of a real cluster runs must not need them.
mv "$release/lib/embedded" "$work/embedded-away"
version="$(run --version)" || fail "--version exited $?"
echo "$version"
[[ "$version" =~ ^Punctual\ [0-9]+\.[0-9]+\.[0-9]+(-SNAPSHOT)?\ for\ Spark\ 3\. ]] || fail "--version printed '$version'"
run serve --help >"$work/serve-help" || fail "serve --help exited $?"
run doctor --help | grep -q "prerequisites" || fail "doctor --help does not run without lib/embedded/"
grep -q -- "--embedded" "$work/serve-help" || fail "serve --help does not describe --embedded"
run config check "$release/conf" >"$work/check" || { cat "$work/check"; fail "config check of the shipped conf/ failed"; }
run simulate --trace synthetic:jobs=50,span=3600,keys=5,recurring=0.5 --nodes 2 --policies oracle,justice \
    --report "$work/report" >"$work/simulate" || { cat "$work/simulate"; fail "simulate exited non-zero"; }
[ -n "$(ls -A "$work/report")" ] || fail "simulate wrote no report into $work/report"
grep -q justice "$work/simulate" || fail "simulate's table has no justice row"
mv "$work/embedded-away" "$release/lib/embedded"

# Which commands get lib/embedded/: a stand-in java prints the class path it was given.
printf '#!/bin/sh\nwhile [ $# -gt 0 ]; do [ "$1" = -cp ] && echo "$2"; shift; done\n' >"$work/fakejdk/bin/java"
chmod +x "$work/fakejdk/bin/java"
classpath_of() {
  (cd "$work/elsewhere" && "${bare[@]}" "JAVA_HOME=$work/fakejdk" "$release/bin/punctual" "$@")
}
for command in "demo" "cluster" "serve --embedded" "submit --embedded --deadline 5m app.jar" "doctor --embedded"; do
  # shellcheck disable=SC2086
  [[ "$(classpath_of $command)" == *"/lib/embedded/*"* ]] || fail "'$command' runs without lib/embedded/"
done
for command in "serve" "submit --deadline 5m app.jar" "simulate" "--version" "doctor"; do
  # shellcheck disable=SC2086
  [[ "$(classpath_of $command)" != *"embedded"* ]] || fail "'$command' runs with lib/embedded/"
done

[ -d "$work/home/.punctual/logs" ] || fail "Punctual's state is not under \$HOME/.punctual (the empty HOME)"
[ ! -e "$work/mvn-was-called" ] || fail "the release called mvn"
[ ! -e "$work/home/.m2" ] || fail "the release made ~/.m2"
echo "== release-smoke: passed (version, serve --help, config check, simulate without lib/embedded; class paths)"
