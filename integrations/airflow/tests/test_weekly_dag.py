"""The example weekly-benchmark DAG asks the real CLI only for what it accepts."""
import importlib.util
import pathlib
import re
import subprocess
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[3]
DAG_FILE = ROOT / "integrations/airflow/examples/punctual_weekly_benchmark.py"


def load_dag_module():
    spec = importlib.util.spec_from_file_location("punctual_weekly_benchmark", DAG_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class WeeklyDagTest(unittest.TestCase):

    def test_every_flag_of_the_weekly_run_is_one_the_cli_documents(self):
        module = load_dag_module()
        command = module.bench_command("/opt/punctual", "/reports/2026-W49", resume=True)
        self.assertEqual(command[1:3], ["bench", "run"])
        helped = subprocess.run([str(ROOT / "bin/punctual"), "bench", "run", "--help"], capture_output=True,
                                text=True, timeout=600)
        self.assertEqual(helped.returncode, 0, helped.stderr)
        known = set(re.findall(r"--[a-z-]+", helped.stdout))
        used = {word for word in command if word.startswith("--")}
        self.assertTrue(used <= known, "flags the CLI does not document: %s" % (used - known))
        self.assertIn("--resume", used)

    def test_the_comparison_names_last_week_then_this_week(self):
        module = load_dag_module()
        self.assertEqual(module.compare_command("/p", "/r/W48", "/r/W49"),
                         ["/p/bin/punctual", "bench", "compare", "/r/W48", "/r/W49"])


if __name__ == "__main__":
    unittest.main()
