package dev.switchboard.kernel.exec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.exec.OrphanedRun;

/**
 * Kills the runs a dead server left behind: every marked process ({@link MarkedProcesses}) whose run names a server
 * that is no longer alive ({@link ServerIdentity#alive}) and whose label starts with the given prefix, each run with
 * its whole tree, as a timeout would. Runs of live servers, unlabelled runs and runs of older versions (whose marker
 * names no server) are left alone. Stateless.
 */
final class OrphanReaper {

    private static final Logger LOG = LoggerFactory.getLogger(OrphanReaper.class);

    private OrphanReaper() {}

    /**
     * @param labelPrefix the start of the labels to reap
     * @param grace       how long the processes get between SIGTERM and SIGKILL
     * @return what was killed, one entry per run
     */
    static List<OrphanedRun> reap(String labelPrefix, Duration grace) {
        Map<String, List<MarkedProcesses.Marked>> runs = new LinkedHashMap<>();
        for (MarkedProcesses.Marked marked : MarkedProcesses.all()) {
            ServerIdentity server = marked.server();
            if (marked.label() != null && marked.label().startsWith(labelPrefix) && server != null && !server.alive()) {
                runs.computeIfAbsent(marked.marker(), ignored -> new ArrayList<>())
                        .add(marked);
            }
        }
        List<OrphanedRun> killed = new ArrayList<>();
        for (Map.Entry<String, List<MarkedProcesses.Marked>> run : runs.entrySet()) {
            List<MarkedProcesses.Marked> processes = new ArrayList<>(run.getValue());
            processes.sort(Comparator.comparingLong(marked -> marked.handle().pid()));
            String label = processes.getFirst().label();
            List<Long> pids =
                    processes.stream().map(marked -> marked.handle().pid()).toList();
            List<String> commands = processes.stream()
                    .map(marked -> marked.handle().info().commandLine().orElse(""))
                    .toList();
            ProcessTree tree = new ProcessTree(processes.getFirst().handle(), run.getKey());
            processes.forEach(marked -> tree.include(marked.handle()));
            tree.kill(grace);
            LOG.warn(
                    "killed {} process(es) of run {} left running by a server that died: pids {}",
                    pids.size(),
                    label,
                    pids);
            killed.add(new OrphanedRun(label, pids, commands));
        }
        return killed;
    }
}
