package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.e2e.support.Pids;
import dev.switchboard.e2e.support.SharedServers;
import dev.switchboard.e2e.support.ToolSession;
import dev.switchboard.e2e.support.TypeScriptSession;
import dev.switchboard.testkit.distribution.Installation;

/**
 * The shared server's end-to-end proof (ADR 32): four stdio sessions of the official MCP TypeScript SDK client, each started
 * with the README's client entry unchanged ({@code bin/switchboard serve}) and its own mailbox role, are served by
 * exactly one Switchboard server process; messages flow between them, a wait in one is woken by another's send, a
 * workspace {@code bash} of one session sees that session's own environment, a {@code kill -9} of the shared server
 * costs only the call in flight (answered UNAVAILABLE) and every session's next call succeeds within 2 s on a new
 * server, and once the clients have gone and the idle period has passed nothing is left running.
 */
class TeamOfSessionsIT {

    private static final List<String> ROLES = List.of("lead", "backend", "frontend", "qa");
    /**
     * The next call after the kill succeeds within this long: the target is 2 s on a quiet host (docs/performance.md), which the team
     * benchmark measures; a loaded 2-core CI host needs more for the new server's start, and a client that stalls
     * (a lost wake-up, a timeout instead of a reconnection) still fails.
     */
    private static final Duration RECOVERY = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private final List<ToolSession> sessions = new ArrayList<>();
    private Installation installation;

    @AfterEach
    void closeSessionsAndStopServers() {
        sessions.forEach(ToolSession::close);
        if (installation != null) {
            installation.run("server", "stop", "--all");
        }
    }

    @Test
    void fourClientsShareOneServerKeepWorkingThroughItsKillAndLeaveNothingRunning() throws Exception {
        installation = Installation.copyOfBuilt(dir).enable("workspace").attaching();
        Path work = Files.createDirectories(dir.resolve("work"));
        for (String role : ROLES) {
            Map<String, String> env = new LinkedHashMap<>();
            env.put("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", role);
            env.put("SWITCHBOARD_PLUGINS__TRANSPORT_STDIO__SHARED_IDLE_S", "1");
            env.put("TEAM_MARK", "mark-of-" + role);
            sessions.add(TypeScriptSession.start(installation, env));
        }
        ToolSession lead = sessions.get(0);
        ToolSession backend = sessions.get(1);
        ToolSession frontend = sessions.get(2);
        ToolSession qa = sessions.get(3);

        List<Long> servers = SharedServers.of(installation);
        assertThat(servers).as("Switchboard server processes for four sessions").hasSize(1);

        // Messages flow, each session acting as its own role.
        lead.ok("send_message", Map.of("to", "backend", "topic", "schema", "body", "please add the index"));
        Map<String, Object> inbox = backend.ok("read_inbox", Map.of());
        assertThat(entries(inbox))
                .singleElement()
                .satisfies(message ->
                        assertThat(message).containsEntry("from", "lead").containsEntry("topic", "schema"));

        // A wait in one session wakes on another's send.
        CompletableFuture<ToolSession.Answer> waiting = frontend.callAsync("wait_for_mail", Map.of("timeout_s", 30));
        Thread.sleep(500);
        qa.ok("send_message", Map.of("to", "frontend", "topic", "review", "body", "ready for you"));
        ToolSession.Answer woke = waiting.get(10, TimeUnit.SECONDS);
        assertThat(woke.isError()).as("%s", woke).isFalse();
        assertThat(woke.structured()).containsEntry("timed_out", false);

        // A workspace command runs with its own session's environment.
        String workspace =
                (String) qa.ok("workspace_open", Map.of("cwd", work.toString())).get("workspace_id");
        Map<String, Object> ran = qa.ok(
                "bash", Map.of("workspace_id", workspace, "request_key", "mark-1", "command", "echo $TEAM_MARK; pwd"));
        assertThat(String.valueOf(ran))
                .contains("mark-of-qa")
                .doesNotContain("mark-of-lead")
                .contains(work.toString());

        // kill -9 of the shared server while a call is in flight.
        CompletableFuture<ToolSession.Answer> inFlight = lead.callAsync("wait_for_mail", Map.of("timeout_s", 30));
        Thread.sleep(500);
        ProcessHandle.of(servers.get(0)).orElseThrow().destroyForcibly();
        ToolSession.Answer cut = inFlight.get(10, TimeUnit.SECONDS);
        assertThat(cut.isError()).isTrue();
        assertThat(cut.structured()).containsEntry("code", "UNAVAILABLE");
        for (ToolSession session : sessions) {
            Instant start = Instant.now();
            Map<String, Object> info = session.ok("server_info", Map.of());
            assertThat(info).containsKey("version");
            assertThat(Duration.between(start, Instant.now()))
                    .as("the next call after the kill")
                    .isLessThan(RECOVERY);
        }
        assertThat(SharedServers.of(installation))
                .as("servers after the recovery")
                .hasSize(1);
        backend.ok("send_message", Map.of("to", "lead", "topic", "after", "body", "still here"));
        assertThat(entries(lead.ok("read_inbox", Map.of())))
                .anySatisfy(message -> assertThat(message).containsEntry("topic", "after"));

        // The clients go; after the idle period nothing is left.
        long server = SharedServers.of(installation).get(0);
        sessions.forEach(ToolSession::close);
        sessions.clear();
        assertThat(Pids.awaitDeath(server, Duration.ofSeconds(20)))
                .as("the shared server exits when idle")
                .isTrue();
        assertThat(SharedServers.of(installation)).isEmpty();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> entries(Map<String, Object> listing) {
        return (List<Map<String, Object>>) listing.get("result");
    }
}
