#!/usr/bin/env python3
"""Which module the reactor of `./dev test` builds when, by Maven 3's multi-threaded scheduling rule.

docs/testing.md ("Time per module", ADR 71): a module is queued when the last module it depends on finishes (modules
that become ready together in the reactor's order: Maven's topological sort, a depth-first walk of the poms' module
lists), and a free thread takes the queue in order. Given each module's time (seconds, from a CI run's reactor
summary), this prints when each module would start and end on N threads, and when the build would end. It reads the
dependency graph from the poms: parents, <dependencies> and, with --suite, those of the profiles named `suite`.

    bench/reactor-schedule.py [--root .] [--threads 2] [--suite] TIMES.json
    bench/reactor-schedule.py --suite bench/reactor-times.json

TIMES.json maps artifactIds to seconds; a module it omits takes 1 s. It is an estimate: a module's time is taken as
given, whatever runs beside it.
"""
import argparse
import heapq
import json
import os
import xml.etree.ElementTree as ET

NS = {"m": "http://maven.apache.org/POM/4.0.0"}
GROUP = "dev.switchboard"


def read_graph(root, suite):
    """artifactId -> (reading order, [reactor artifactIds it depends on, in declaration order])."""
    modules = {}

    def deps_of(element):
        found = []
        for dep in element.findall("m:dependencies/m:dependency", NS):
            group = dep.find("m:groupId", NS)
            if group is not None and group.text == GROUP:
                found.append(dep.find("m:artifactId", NS).text)
        return found

    def walk(directory):
        pom = ET.parse(os.path.join(directory, "pom.xml")).getroot()
        artifact = pom.find("m:artifactId", NS).text
        deps = deps_of(pom)
        if suite:
            for profile in pom.findall("m:profiles/m:profile", NS):
                if profile.find("m:id", NS).text == "suite":
                    deps += deps_of(profile)
        parent = pom.find("m:parent", NS)
        if parent is not None:
            deps.append(parent.find("m:artifactId", NS).text)
        modules[artifact] = (len(modules), deps)
        for module in pom.findall("m:modules/m:module", NS):
            walk(os.path.join(directory, module.text))

    walk(root)
    return {a: (i, [d for d in deps if d in modules and d != a]) for a, (i, deps) in modules.items()}


def schedule(graph, times, threads):
    order, state = [], {}

    def visit(artifact):
        state[artifact] = True
        for dep in graph[artifact][1]:
            if dep not in state:
                visit(dep)
        order.append(artifact)

    for artifact in sorted(graph, key=lambda a: graph[a][0]):
        if artifact not in state:
            visit(artifact)
    position = {a: i for i, a in enumerate(order)}
    downstream = {a: [] for a in graph}
    for artifact, (_, deps) in graph.items():
        for dep in deps:
            downstream[dep].append(artifact)
    queue = [a for a in order if not graph[a][1]]
    queued, done, running, runs, now, free = set(queue), set(), [], [], 0.0, threads
    while queue or running:
        while free and queue:
            artifact = queue.pop(0)
            free -= 1
            heapq.heappush(running, (now + times.get(artifact, 1), position[artifact], artifact, now))
        end, _, artifact, start = heapq.heappop(running)
        now, free = end, free + 1
        done.add(artifact)
        runs.append((start, end, artifact))
        for later in sorted(downstream[artifact], key=position.get):
            if later not in queued and all(d in done for d in graph[later][1]):
                queue.append(later)
                queued.add(later)
    return runs, now


def clock(seconds):
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("times")
    parser.add_argument("--root", default=".")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--suite", action="store_true", help="with the suite profile's dependencies (./dev test)")
    args = parser.parse_args()
    with open(args.times) as f:
        times = json.load(f)
    runs, end = schedule(read_graph(args.root, args.suite), times, args.threads)
    for start, finish, artifact in sorted(runs):
        print(f"{clock(start):>6} - {clock(finish):>6}  {artifact}")
    print(f"the build ends at {clock(end)}")


if __name__ == "__main__":
    main()
