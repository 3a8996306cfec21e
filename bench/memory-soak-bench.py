#!/usr/bin/env python3
"""RSS and PSS of one Switchboard server idle, after 50,000 mixed calls and a search run over 100,000 messages, and
over a soak of mixed calls (docs/performance.md, "Memory"; ADR 60).

Usage:
  bench/memory-soak-bench.py [--layout distribution/target/switchboard] [--launcher LAYOUT/bin/OTHER]
                             [--mode stdio|shared] [--calls 50000]
                             [--messages 100000] [--searches 2000] [--burst] [--soak-minutes 0] [--nmt]
                             [--variant LABEL::SWITCHBOARD_JAVA_OPTS ...] [--node]

A fresh state directory ($HOME) per variant; the session has mailbox role `a`.
  --mode stdio    `bin/switchboard serve --no-attach`: the in-process stdio server (serial collector, C1).
  --mode shared   `bin/switchboard serve`, which attaches to (starts) the shared server, `serve --shared` (G1, C1+C2):
                  the server most users run; calls go through the attach client; the shared server's JVM is measured.
Measured (VmRSS from /proc/PID/status, PSS from /proc/PID/smaps_rollup, of the server's JVM):
  idle      10 s after the first tools/list answer;
  calls     after --calls mixed calls (per 10: 2 server_info, 2 frontispice_publish_handoff of 1 KiB, 2
            frontispice_read_handoff, 2 send_message a->b, 1 read_inbox of a (one seeded message in 10 is to a), 1 list_messages), with --messages messages
            seeded into the channel (plain sqlite3 on the store, the FTS triggers index them) before the calls;
  search    after --searches search_messages calls over the seeded channel (terms as SearchBenchmark's);
  settled   after --settle (60) s idle;
  burst     with --burst: right after ten read_inbox calls of limit 1000 (each answers the newest 1,000 of the seeded
            messages to a; none is marked read) and ten search_messages calls of limit 1000 over a term in half of the seeded messages
            (the large answers of docs/performance.md, "Memory"), then --settle s and 2 x --settle s later;
  soak      every minute over --soak-minutes of mixed calls (the same mix with one search in 20), paced at about 20
            calls a second.
--nmt adds -XX:NativeMemoryTracking=summary and prints `jcmd PID VM.native_memory summary` at each point.
--node also measures @modelcontextprotocol/server-filesystem and server-everything (bench/node_modules, after
`(cd bench && npm ci)`) idle and after --calls calls (read_text_file/list_directory; echo/get-sum), as the peer.
"""
import argparse, json, os, random, shutil, sqlite3, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
QUERIES = ["rotation", "kerberos", "\"blue green\"", "ротаци", "rotation OR kerberos", "topic:rotation"]
SYLLABLES = ["ka", "lo", "mi", "ren", "tas", "vo", "zu", "pel", "dor", "fin", "gra", "hul", "jet", "ni", "op", "qua",
             "sur", "tek", "ub", "wex"]


def status_kib(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def pss_kib(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def threads(pid):
    return status_kib(pid, "Threads")


def sample(pid):
    return {"rss": status_kib(pid, "VmRSS") / 1024, "pss": pss_kib(pid) / 1024, "threads": threads(pid),
            "cpu_s": cpu_seconds(pid)}


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Stdio:
    """A newline-delimited JSON-RPC MCP client over a child's stdin/stdout."""

    def __init__(self, argv, env):
        self.proc = subprocess.Popen(argv, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=open(os.path.join(env.get("HOME", "/tmp"), "stderr.log"), "wb"))
        self.n = 0
        self.rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                "clientInfo": {"name": "memory-soak-bench", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message):
        self.proc.stdin.write((json.dumps(message) + "\n").encode())
        self.proc.stdin.flush()

    def rpc(self, method, params):
        self.n += 1
        self.send({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params})
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"server ended during {method}")
            try:
                message = json.loads(line)
            except ValueError:
                print(f"not JSON on the server's stdout: {line[:200]!r}", file=sys.stderr, flush=True)
                continue
            if message.get("id") == self.n:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]

    def tool(self, name, arguments):
        result = self.rpc("tools/call", {"name": name, "arguments": arguments})
        if result.get("isError"):
            raise RuntimeError(f"{name}: {json.dumps(result)[:400]}")
        return result

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(30)
        except Exception:
            self.proc.kill()
            self.proc.wait()


def java_pids_with(fragment):
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].endswith(b"/java") and any(fragment.encode() in a for a in argv):
            pids.append((int(entry), argv))
    return pids


def server_pid(session, state, mode):
    if mode == "stdio":
        return session.proc.pid  # the launcher execs the JVM
    deadline = time.time() + 30
    while time.time() < deadline:
        for pid, argv in java_pids_with("-Duser.home=" + state):
            if b"--shared" in argv:
                return pid
        time.sleep(0.2)
    raise RuntimeError("no shared server found")


def words(rnd, count):
    return " ".join("".join(rnd.choice(SYLLABLES) for _ in range(1 + rnd.randrange(3))) for _ in range(count))


def seed(db, messages):
    """Adds N messages from b, one in 10 to a and the rest to c, to channel `local` with plain sqlite3, as
    SearchBenchmark seeds by JDBC."""
    rnd = random.Random(13)
    con = sqlite3.connect(db, timeout=60)
    con.execute("PRAGMA busy_timeout = 60000")
    channel, first = con.execute(
        "SELECT channel_id, next_message_id FROM mailbox_channel WHERE name = 'local'").fetchone()
    for start in range(first, first + messages, 2000):
        rows = []
        for i in range(start, min(first + messages, start + 2000)):
            body = words(rnd, 40)
            body += " rotation" if i % 200 == 0 else ""
            body += " kerberos" if i % 10_000 == 7 else ""
            body += " blue green" if i % 200 == 100 else ""
            body += " ротация" if i % 500 == 3 else ""
            created = "2026-08-10T09:%02d:%02d.%03dZ" % (i // 60_000 % 60, i // 1000 % 60, i % 1000)
            rows.append((channel, i, "b", "a" if i % 10 == 0 else "c", words(rnd, 4), body, created))
        with con:
            con.executemany("INSERT INTO mailbox_message (channel_id, id, from_role, to_role, topic, body, created_at)"
                            " VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            con.executemany("INSERT INTO mailbox_recipient (channel_id, message_id, to_role) VALUES (?, ?, ?)",
                            [(channel, r[1], r[3]) for r in rows])
    with con:
        con.execute("UPDATE mailbox_channel SET next_message_id = ? WHERE channel_id = ?", (first + messages, channel))
    con.close()


class Mix:
    """The mixed calls; a read reads one of the last 50 handoffs published."""

    def __init__(self, session):
        self.s, self.k, self.handoffs = session, 0, []
        self.content = "memory bench content " * 52  # about 1 KiB

    def call(self, search=False):
        k, s = self.k, self.s
        self.k += 1
        slot = k % 10
        if search:
            s.tool("search_messages", {"query": QUERIES[k % len(QUERIES)]})
        elif slot in (0, 5):
            s.tool("server_info", {})
        elif slot in (1, 6):
            r = s.tool("frontispice_publish_handoff", {
                "project": "membench", "title": f"handoff {k}", "summary": "memory bench",
                "content": self.content, "idempotency_key": f"k-{os.getpid()}-{k}"})
            self.handoffs.append(r["structuredContent"]["receipt"]["handoff_id"])
            del self.handoffs[:-50]
        elif slot in (2, 7):
            s.tool("frontispice_read_handoff", {"project": "membench", "handoff_id": random.choice(self.handoffs)})
        elif slot in (3, 8):
            s.tool("send_message", {"to": "b", "topic": f"t {k}", "body": "memory bench message " * 10})
        elif slot == 4:
            s.tool("read_inbox", {"limit": 20})
        else:
            s.tool("list_messages", {"limit": 20})


def nmt(pid, label, out):
    if out is None:
        return
    text = subprocess.run(["jcmd", str(pid), "VM.native_memory", "summary"], capture_output=True, text=True).stdout
    out.write(f"\n===== {label} (pid {pid})\n{text}")
    out.flush()


def run_switchboard(args, label, java_opts):
    state = tempfile.mkdtemp(prefix="memsoak-")
    nmt_out = open(os.path.join(args.out, f"nmt-{label}.txt"), "w") if args.nmt else None
    if args.nmt:
        java_opts = (java_opts + " -XX:NativeMemoryTracking=summary").strip()
    env = dict(os.environ, HOME=state, SWITCHBOARD_PLUGINS__MAILBOX__ROLE="a", SWITCHBOARD_JAVA_OPTS=java_opts)
    env.pop("JAVA_TOOL_OPTIONS", None)
    launcher = args.launcher or os.path.join(args.layout, "bin", "switchboard")
    argv = [launcher, "serve", "--no-attach"] if args.mode == "stdio" else [launcher, "serve"]
    rows = []

    def point(name, pid, extra=""):
        s = sample(pid)
        rows.append((name, s))
        print(f"{label} {args.mode} {name}: RSS {s['rss']:.1f} MiB, PSS {s['pss']:.1f} MiB, {s['threads']} threads,"
              f" CPU {s['cpu_s']:.1f} s {extra}", flush=True)
        nmt(pid, name, nmt_out)

    seeded = bool(args.template) and os.path.isdir(args.template)
    if seeded:
        shutil.copytree(args.template, os.path.join(state, ".switchboard"))
        os.chmod(os.path.join(state, ".switchboard"), 0o700)
        print(f"{label}: store with {args.messages} seeded messages copied from {args.template}", flush=True)
    started = time.time()
    session = Stdio(argv, env)
    try:
        session.rpc("tools/list", {})
        print(f"{label}: first tools/list after {time.time() - started:.2f} s", flush=True)
        pid = server_pid(session, state, args.mode)
        time.sleep(10)
        point("idle", pid)
        mix = Mix(session)
        session.tool("frontispice_register_project", {"project": "membench", "confirmed": True})
        session.tool("send_message", {"to": "b", "topic": "first", "body": "creates the channel"})
        db = os.path.join(state, ".switchboard", "switchboard.db")
        if not seeded:
            t = time.time()
            seed(db, args.messages)
            print(f"{label}: seeded {args.messages} messages in {time.time() - t:.1f} s", flush=True)
            if args.template:
                os.makedirs(args.template)
                with sqlite3.connect(db, timeout=60) as source, \
                        sqlite3.connect(os.path.join(args.template, "switchboard.db")) as target:
                    source.backup(target)
                shutil.copy(os.path.join(state, ".switchboard", "owner.token"), args.template)
        t = time.time()
        for _ in range(args.calls):
            mix.call()
        calls_s = time.time() - t
        point("calls", pid, f"({args.calls} calls in {calls_s:.0f} s, {args.calls / calls_s:.0f}/s)")
        t = time.time()
        for _ in range(args.searches):
            mix.call(search=True)
        search_s = time.time() - t
        point("search", pid, f"({args.searches} searches in {search_s:.0f} s)")
        time.sleep(args.settle)
        point("settled", pid)
        if args.burst:
            t = time.time()
            for _ in range(10):
                session.tool("read_inbox", {"limit": 1000})
            for _ in range(10):
                session.tool("search_messages", {"query": "ren", "limit": 1000})
            point("burst", pid, f"(10 read_inbox and 10 search_messages of limit 1000 in {time.time() - t:.0f} s)")
            time.sleep(args.settle)
            point(f"burst +{args.settle} s", pid)
            time.sleep(args.settle)
            point(f"burst +{2 * args.settle} s", pid)
        for minute in range(1, args.soak_minutes + 1):
            end = time.time() + 60
            n = 0
            while time.time() < end:
                mix.call(search=(n % 20 == 19))
                n += 1
                time.sleep(0.05)
            point(f"soak {minute} min", pid, f"({n} calls)")
        return rows
    finally:
        session.close()
        if args.mode == "shared":
            subprocess.run([launcher, "server", "stop"], env=env, capture_output=True)
        if nmt_out:
            nmt_out.close()
        shutil.rmtree(state, ignore_errors=True)


def run_node(args, name, argv, call):
    state = tempfile.mkdtemp(prefix="memsoak-node-")
    env = dict(os.environ, HOME=state)
    session = Stdio(argv(state), env)
    try:
        session.rpc("tools/list", {})
        time.sleep(10)
        idle = sample(session.proc.pid)
        t = time.time()
        for k in range(args.calls):
            call(session, state, k)
        calls_s = time.time() - t
        after = sample(session.proc.pid)
        print(f"node {name}: idle RSS {idle['rss']:.1f} MiB (PSS {idle['pss']:.1f}), after {args.calls} calls"
              f" ({calls_s:.0f} s) RSS {after['rss']:.1f} MiB (PSS {after['pss']:.1f})", flush=True)
    finally:
        session.close()
        shutil.rmtree(state, ignore_errors=True)


def filesystem_call(session, state, k):
    if k == 0:
        with open(os.path.join(state, "f.txt"), "w") as f:
            f.write("node peer content " * 60)
    if k % 2:
        session.tool("read_text_file", {"path": os.path.join(state, "f.txt")})
    else:
        session.tool("list_directory", {"path": state})


def everything_call(session, state, k):
    if k % 2:
        session.tool("echo", {"message": "memory bench message " * 10})
    else:
        session.tool("get-sum", {"a": k, "b": 2})


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--layout", default=os.path.join(HERE, "..", "distribution", "target", "switchboard"))
    p.add_argument("--launcher", help="a launcher script in LAYOUT/bin other than bin/switchboard (a build's before)")
    p.add_argument("--mode", default="stdio", choices=["stdio", "shared"])
    p.add_argument("--calls", type=int, default=50_000)
    p.add_argument("--messages", type=int, default=100_000)
    p.add_argument("--searches", type=int, default=2_000)
    p.add_argument("--burst", action="store_true", help="ten read_inbox and ten search_messages of limit 1000")
    p.add_argument("--soak-minutes", type=int, default=0)
    p.add_argument("--nmt", action="store_true")
    p.add_argument("--settle", type=int, default=60, help="seconds idle after the search run")
    p.add_argument("--template", help="a directory: when it exists, every run starts on a copy of the store saved"
                                      " there; otherwise the first run saves its store there right after seeding")
    p.add_argument("--node", action="store_true")
    p.add_argument("--out", default=tempfile.gettempdir())
    p.add_argument("--variant", action="append", default=[])
    args = p.parse_args()
    args.layout = os.path.abspath(args.layout)
    print(f"memory-soak-bench: layout {args.layout}, launcher {args.launcher or 'bin/switchboard'}, mode {args.mode},"
          f" load average {os.getloadavg()}", flush=True)
    for variant in args.variant or ["launcher::"]:
        label, _, opts = variant.partition("::")
        run_switchboard(args, label, opts)
    if args.node:
        modules = os.path.join(HERE, "node_modules", "@modelcontextprotocol")
        fs = os.path.join(modules, "server-filesystem", "dist", "index.js")
        ev = os.path.join(modules, "server-everything", "dist", "index.js")
        run_node(args, "server-filesystem", lambda state: ["node", fs, state], filesystem_call)
        run_node(args, "server-everything", lambda state: ["node", ev], everything_call)


if __name__ == "__main__":
    sys.exit(main())
