#!/usr/bin/env python3
"""RSS of `serve --http` around two parallel large calls, then idle (ADR 39; docs/performance.md, "Memory").

Usage: bench/memory-bench.py LAYOUT [LAUNCHER[::SWITCHBOARD_JAVA_OPTS] ...]
Each launcher (default: LAYOUT/bin/switchboard) in turn serves a fresh state directory from LAYOUT; a hosted channel
is created with the owner token, then role `a` sends two 6.5 MB messages to `b` at once. Printed per launcher: VmRSS
in MiB after start-up, right after the two calls, and after 75 s of idleness.
"""
import json, os, shutil, socket, subprocess, sys, tempfile, threading, time, urllib.request

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0

class Session:
    def __init__(self, url, token):
        self.url, self.token, self.sid, self.n = url, token, None, 0
        self.rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                "clientInfo": {"name": "memory-bench", "version": "1"}})
        self.post({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def post(self, message):
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   "Authorization": "Bearer " + self.token, "MCP-Protocol-Version": "2025-06-18"}
        if self.sid:
            headers["Mcp-Session-Id"] = self.sid
        request = urllib.request.Request(self.url, json.dumps(message).encode(), headers)
        with urllib.request.urlopen(request, timeout=120) as response:
            self.sid = self.sid or response.headers.get("Mcp-Session-Id")
            body = response.read().decode()
        for line in body.splitlines():
            if line.startswith("data:"):
                return json.loads(line[5:])
        return json.loads(body) if body.strip() else None

    def rpc(self, method, params):
        self.n += 1
        return self.post({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params})

    def tool(self, name, arguments):
        return self.rpc("tools/call", {"name": name, "arguments": arguments})["result"]

def run(layout, launcher):
    launcher, _, java_opts = launcher.partition("::")
    state = tempfile.mkdtemp(prefix="membench-")
    env = dict(os.environ, HOME=state, SWITCHBOARD_KERNEL__ATTACH="false", SWITCHBOARD_JAVA_OPTS=java_opts)
    port = free_port()
    server = subprocess.Popen([launcher, "serve", "--http", "--port", str(port)], env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).read()
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.2)
        java = int(subprocess.check_output(["pgrep", "-P", str(server.pid)]).split()[0]) \
            if not os.path.exists(f"/proc/{server.pid}/exe") or "java" not in os.readlink(f"/proc/{server.pid}/exe") \
            else server.pid
        url = f"http://127.0.0.1:{port}/mcp"
        owner = open(os.path.join(state, ".switchboard", "owner.token")).read().strip()
        created = Session(url, owner).tool("create_channel", {"name": "mem", "roles": ["a", "b"]})
        tokens = created["structuredContent"]["tokens"]
        sender = Session(url, tokens["a"])
        started = rss_mib(java)
        body = "x" * (6_500_000)
        errors = []
        def send(i):
            result = Session(url, tokens["a"]).tool("send_message", {"to": "b", "topic": f"big {i}", "body": body})
            if result.get("isError"):
                errors.append(result)
        threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        [t.start() for t in threads]
        [t.join() for t in threads]
        after = rss_mib(java)
        time.sleep(75)
        idle = rss_mib(java)
        return started, after, idle, errors
    finally:
        server.terminate()
        server.wait(30)
        shutil.rmtree(state, ignore_errors=True)

if __name__ == "__main__":
    layout = sys.argv[1]
    launchers = sys.argv[2:] or [os.path.join(layout, "bin", "switchboard")]
    for launcher in launchers:
        started, after, idle, errors = run(layout, launcher)
        print(f"{launcher}: RSS {started:.0f} MiB started, {after:.0f} MiB after two parallel 6.5 MB sends,"
              f" {idle:.0f} MiB after 75 s idle{'; errors: ' + str(errors)[:300] if errors else ''}", flush=True)
