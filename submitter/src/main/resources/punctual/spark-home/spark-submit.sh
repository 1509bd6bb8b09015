#!/usr/bin/env bash
# spark-submit for a thin Spark distribution laid out by Punctual. Spark's launcher library
# (org.apache.spark.launcher.Main) works out the JVM command; this script only runs what it prints.
# The launcher prints its own messages first, then a NUL, then the command as NUL-separated words.
set -u
SPARK_HOME="$(cd "$(dirname "$0")/.." && pwd)"
export SPARK_HOME
export SPARK_SCALA_VERSION="${SPARK_SCALA_VERSION:-2.13}"
export SPARK_CONF_DIR="${SPARK_CONF_DIR:-$SPARK_HOME/conf}"
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/java}"
java_bin="${java_bin:-@JAVA@}"

words=()
seen_separator=false
while IFS= read -r -d '' word; do
  if [ "$seen_separator" = false ]; then
    [ -n "$word" ] && printf '%s' "$word" >&2
    seen_separator=true
  else
    words+=("$word")
  fi
done < <("$java_bin" -Xmx128m -cp "$SPARK_HOME/jars/*" org.apache.spark.launcher.Main org.apache.spark.deploy.SparkSubmit "$@")

if [ "${#words[@]}" -eq 0 ]; then
  echo "spark-submit: Spark's launcher produced no command (see the messages above)" >&2
  exit 1
fi
# The launcher ends its message block with a newline after the NUL; it belongs to no word.
words[0]="${words[0]#$'\n'}"
exec "${words[@]}"
