#!/usr/bin/env python3
"""Re-planning live (issue 25): a recurring job whose input grows past its history, on a fresh embedded gateway.

A `punctual serve --embedded` runs with re-planning on (punctual.cluster.executor-targets). One job key is run
`--history` times on its usual input (SyntheticStages: 3 stages of 16 tasks of 1 s) with a generous deadline, so
Punctual learns it; then the same job with `--grow`× the tasks per stage and a deadline of `--deadline-factor`× the
history's longest run, the deadline it would have met before its input grew. Each run is one row: input, the executors
sizing gave it, every re-plan (when, as a share of the run, executors from → to), the predicted lateness at its first
warning, whether it met its deadline and by how much, and its executor-seconds (from the batch's own times).

  benchmarks/scripts/replanning-live.py [--history 3] [--grow 3] [--deadline-factor 1.5] [--out file.md]
"""
import sys, tempfile, time

from embedded_gateway import WORKLOADS_JAR, call, seconds, serving

METRICS_TOKEN = "replanning-live-metrics"


def submit(base, key, tasks, deadline):
    return call(base, "POST", "/batches", {
        "file": WORKLOADS_JAR, "className": "io.punctual.workloads.SyntheticStages", "args": ["3", str(tasks), "1000"],
        "executorCores": 1, "executorMemory": "512m", "driverMemory": "512m", "name": key,
        "conf": {"spark.deadline.by": deadline, "spark.deadline.jobKey": key}})["id"]


def follow(base, batch_id):
    """The batch at its end, and the first lateness its progress predicted (None if it never did)."""
    first_warning = None
    while True:
        b = call(base, "GET", "/batches/%d" % batch_id)
        if first_warning is None:
            first_warning = b.get("predictedLateSeconds")
        if b["state"] in ("success", "dead", "killed", "error"):
            return b, first_warning
        time.sleep(1)


def row(label, tasks, b, log, warning):
    begun = next((l.split(" ")[0] for l in log if "Submitted application" in l), b["submittedAt"])
    end = b.get("finishedAt") or begun
    run = seconds(begun, end)
    changes = (b.get("replanning") or {}).get("changes") or []
    replans = ", ".join("%.0f%%: %d → %d" % (100 * seconds(begun, c["at"]) / max(run, 1e-9), c["executorsFrom"],
                                              c["executorsTo"]) for c in changes) or "none"
    warned = "none" if warning is None else "%.0f s late" % warning
    executors = [(begun, b.get("executors") or 0)] + [(c["at"], c["executorsTo"]) for c in changes] + [(end, 0)]
    cost = sum(n * seconds(t, executors[i + 1][0]) for i, (t, n) in enumerate(executors[:-1]))
    margin = seconds(end, b["deadline"]) if b.get("deadline") else float("nan")
    return "| %s | 3 × %d × 1 s | %s | %s | %s | %s | %s | %.0f | %.0f | %.0f |" % (
        label, tasks, (b.get("admission") or {}).get("verdict"), b.get("executors"), replans, warned,
        b.get("metDeadline"), run, margin, cost)


def main():
    opts = {"--history": "3", "--grow": "3", "--deadline-factor": "1.5", "--out": None}
    args = sys.argv[1:]
    while args:
        opts[args[0]] = args[1]
        args = args[2:]
    history, grow, factor = int(opts["--history"]), int(opts["--grow"]), float(opts["--deadline-factor"])
    site = ('punctual.cluster.executor-targets = "file://%s/targets"\npunctual.gateway.metrics-token = "%s"\n')
    lines = ["| run | input | verdict | executors sized | re-plans (share of run: from → to) | first predicted miss |"
             " met | run s | margin s | executor-s |", "|---|---|---|---|---|---|---|---|---|---|"]
    key = "replanning-live.job-%d" % int(time.time())
    targets = tempfile.mkdtemp(prefix="punctual-replanning-live-targets-")
    with serving("punctual-replanning-live-", site % (targets, METRICS_TOKEN)) as (base, _):
        longest = 0.0
        for i in range(history):
            b, warning = follow(base, submit(base, key, 16, "5m"))
            log = call(base, "GET", "/batches/%d/log?size=-1" % b["id"])["log"]
            lines.append(row("history %d" % (i + 1), 16, b, log, warning))
            longest = max(longest, seconds(b["submittedAt"], b["finishedAt"]))
        deadline = "%ds" % round(factor * longest)
        b, warning = follow(base, submit(base, key, 16 * grow, deadline))
        log = call(base, "GET", "/batches/%d/log?size=-1" % b["id"])["log"]
        lines.append(row("input ×%d, deadline %s" % (grow, deadline), 16 * grow, b, log, warning))
        metrics = [l for l in call(base, "GET", "/metrics", token=METRICS_TOKEN).splitlines()
                   if l.startswith(("punctual_replans_total", "punctual_predicted_misses_total"))]
    text = "\n".join(lines + ["", "```"] + metrics + ["```"]) + "\n"
    print(text)
    if opts["--out"]:
        with open(opts["--out"], "w") as out:
            out.write(text)


if __name__ == "__main__":
    main()
