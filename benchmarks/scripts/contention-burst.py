#!/usr/bin/env python3
"""A burst of deadline jobs through a fresh embedded gateway, once per admission policy (issue 13).

For each policy a `punctual serve --embedded` runs with its own PUNCTUAL_HOME and
-Dpunctual.admission.policy=<policy> (rush also gets a utility), the burst is posted at once, every batch is
followed to its end, and one row per batch is printed: deadline, verdict, final state, whether it met its
deadline, executors, executor-seconds (executors x cores x run time, from the batch's own times) and the reason.

  benchmarks/scripts/contention-burst.py reproduction   # the issue's three word counts: 6m, 6m and 20s
  benchmarks/scripts/contention-burst.py burst          # six word counts of 3-7 minutes posted together
  [--policies first-fit,justice,rush] [--out file.md]
"""
import pathlib, random, sys, time

from embedded_gateway import ROOT, WORKLOADS_JAR, call, seconds, serving

SCENARIOS = {
    "reproduction": ["6m", "6m", "20s"],
    "burst": ["3m", "4m", "4m", "5m", "6m", "7m"],
}


def text_input(directory):
    """About 24 MB of words from a skewed vocabulary, the same on every run."""
    directory.mkdir(parents=True, exist_ok=True)
    marker = directory / "_COMPLETE"
    if marker.exists():
        return directory
    rng = random.Random(13)
    words = ["w%d" % i for i in range(20000)]
    cumulative = list(__import__("itertools").accumulate(1.0 / (i + 1) for i in range(20000)))
    for part in range(4):
        with open(directory / ("part-%d.txt" % part), "w") as out:
            for _ in range(100000):
                out.write(" ".join(rng.choices(words, cum_weights=cumulative, k=10)) + "\n")
    marker.write_text("done")
    return directory


def site(policy):
    """The policy (and, for rush, a utility that tolerates 5 minutes' lateness) for the site file."""
    lines = 'punctual.admission.policy = "%s"\n' % policy
    return lines + ('punctual.job.utility = "linear 5m"\n' if policy == "rush" else "")


def run(policy, deadlines, data):
    with serving("punctual-contention-" + policy + "-", site(policy)) as (base, _):
        ids = []
        posted = time.time()
        for i, deadline in enumerate(deadlines):
            batch = call(base, "POST", "/batches", {
                "file": WORKLOADS_JAR, "className": "io.punctual.workloads.WordCount", "args": [str(data), "8"],
                "name": "wordcount-%d" % i, "conf": {"spark.deadline.by": deadline,
                                                     "spark.deadline.jobKey": "contention.wordcount"}})
            ids.append(batch["id"])
        final = {}
        while len(final) < len(ids) and time.time() - posted < 1500:
            for i in ids:
                if i not in final:
                    b = call(base, "GET", "/batches/%d" % i)
                    if b["state"] in ("success", "dead", "killed", "error"):
                        final[i] = b
            time.sleep(2)
        return [final.get(i) or call(base, "GET", "/batches/%d" % i) for i in ids], time.time() - posted


def row(policy, deadline, b):
    started = next((l.split(" ")[0] for l in b.get("log", []) if "Submitted application" in l), None)
    cost = ""
    if started and b.get("finishedAt") and b.get("executors"):
        cost = "%.0f" % (b["executors"] * 2 * seconds(started, b["finishedAt"]))
    reason = (b.get("admission") or {}).get("reason") or ""
    return "| %s | %s | %s | %s | %s | %s | %s | %s |" % (
        policy, deadline, (b.get("admission") or {}).get("verdict"), b["state"], b.get("metDeadline"),
        b.get("executors"), cost, reason[:160].replace("|", "/"))


def main():
    scenario = sys.argv[1] if len(sys.argv) > 1 else "reproduction"
    policies = "first-fit,justice,rush"
    out = None
    args = sys.argv[2:]
    while args:
        flag, value = args[0], args[1]
        args = args[2:]
        if flag == "--policies":
            policies = value
        elif flag == "--out":
            out = value
    data = text_input(ROOT / "workloads/target/contention-input")
    lines = ["| policy | deadline | verdict | state | met | executors | executor-s | reason |",
             "|---|---|---|---|---|---|---|---|"]
    totals = []
    for policy in policies.split(","):
        batches, wall = run(policy, SCENARIOS[scenario], data)
        for deadline, b in zip(SCENARIOS[scenario], batches):
            lines.append(row(policy, deadline, b))
            print(lines[-1], flush=True)
        met = sum(1 for b in batches if b.get("metDeadline"))
        refused = sum(1 for b in batches if (b.get("admission") or {}).get("verdict") == "rejected")
        totals.append("%s: %d of %d met, %d refused or dropped, burst over in %.0f s" % (
            policy, met, len(batches), refused, wall))
        print(lines[-1], flush=True)
    text = "\n".join(lines + [""] + ["- " + t for t in totals]) + "\n"
    print(text)
    if out:
        pathlib.Path(out).write_text(text)


if __name__ == "__main__":
    main()
