#!/usr/bin/env bash
# Copies the Spark runtime (the jars the workloads build listed in spark-runtime.classpath, with absolute paths into
# the local Maven repository) into <out>/lib/spark/, and writes there a class-path file that names each jar relative
# to itself, so an unpacked release finds its Spark wherever it is put. A jar the CLI's class path also lists (the
# same file: Hadoop's shaded client, Scala, the codecs, about 70 MB) is not copied but named as ../<jar>, the copy
# the release already has in lib/. Run by the dist build (exec-maven-plugin).
# Usage: spark-runtime.sh <workloads/target/spark-runtime.classpath> <submitter/target/punctual.classpath> <out>
set -euo pipefail

classpath_file="$1"
cli_classpath=":$(cat "$2"):"
spark="$3/lib/spark"
[ -s "$classpath_file" ] || { echo "spark-runtime.sh: $classpath_file is missing or empty" >&2; exit 1; }

rm -rf "$spark"
mkdir -p "$spark"
names=()
# (the file has no final newline, so read reports end of file: not an error here)
IFS=: read -r -a jars <"$classpath_file" || true
for jar in "${jars[@]}"; do
  [ -n "$jar" ] || continue
  name="$(basename "$jar")"
  # Two jars of one name would shadow each other in Spark's jars/ directory: stop rather than ship one silently.
  [ ! -e "$spark/$name" ] || { echo "spark-runtime.sh: two Spark runtime jars are named $name" >&2; exit 1; }
  if [[ "$cli_classpath" == *":$jar:"* ]]; then
    names+=("../$name")
  else
    cp "$jar" "$spark/$name"
    names+=("$name")
  fi
done
(IFS=:; echo "${names[*]}") >"$spark/spark-runtime.classpath"
echo "spark-runtime.sh: ${#names[@]} Spark runtime jars, $(find "$spark" -name '*.jar' | wc -l) of them in $spark"
