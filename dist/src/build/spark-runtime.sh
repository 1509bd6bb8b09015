#!/usr/bin/env bash
# Copies the Spark runtime (the jars the workloads build listed in spark-runtime.classpath, with absolute paths into
# the local Maven repository) into <out>/lib/spark/, and writes there a class-path file that names each jar relative
# to itself, so an unpacked release finds its Spark wherever it is put. Run by the dist build (exec-maven-plugin).
# Usage: spark-runtime.sh <workloads/target/spark-runtime.classpath> <out>
set -euo pipefail

classpath_file="$1"
spark="$2/lib/spark"
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
  cp "$jar" "$spark/$name"
  names+=("$name")
done
(IFS=:; echo "${names[*]}") >"$spark/spark-runtime.classpath"
echo "spark-runtime.sh: ${#names[@]} jars in $spark"
