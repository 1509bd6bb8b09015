"""A `punctual serve --embedded` of its own for a benchmark script: its home, configuration and HTTP calls."""
import contextlib, json, os, pathlib, signal, socket, subprocess, tempfile, time, urllib.request
from datetime import datetime

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOKEN = "analytics-local-token-0001"
WORKLOADS_JAR = str(ROOT / "workloads/target/punctual-workloads.jar")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base, method, path, body=None, token=TOKEN):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers={
        "Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as answer:
        text = answer.read().decode()
        return json.loads(text) if answer.headers.get_content_type() == "application/json" else text


def conf_dir(home, site_lines):
    """conf/embedded with `site_lines` added to its site file, the teams' workloads directory made absolute."""
    source = ROOT / "conf/embedded"
    target = home / "conf"
    (target / "teams").mkdir(parents=True)
    (target / "site.conf").write_text((source / "site.conf").read_text() + "\n" + site_lines + "\n")
    for team in (source / "teams").iterdir():
        (target / "teams" / team.name).write_text(team.read_text().replace(
            '"../../workloads/target"', '"%s"' % (ROOT / "workloads/target")))
    return target


@contextlib.contextmanager
def serving(prefix, site_lines=""):
    """Yields (base URL, home) of a gateway on a fresh embedded YARN, stopped (with its cluster) on the way out."""
    home = pathlib.Path(tempfile.mkdtemp(prefix=prefix))
    port = free_port()
    env = dict(os.environ, PUNCTUAL_HOME=str(home), PUNCTUAL_JAVA_OPTS="-Xmx1536m")
    with open(home / "serve.log", "w") as log:
        server = subprocess.Popen([str(ROOT / "bin/punctual"), "serve", "--embedded", "--port", str(port),
                                   "--conf-dir", str(conf_dir(home, site_lines))],
                                  env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = "http://127.0.0.1:%d" % port
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2)
                break
            except OSError:
                time.sleep(1)
        yield base, home
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)


def seconds(a, b):
    parse = lambda t: datetime.fromisoformat(t.replace("Z", "+00:00"))
    return (parse(b) - parse(a)).total_seconds()
