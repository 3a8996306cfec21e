package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.e2e.support.Pids;
import dev.switchboard.e2e.support.SharedServers;
import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * Hooks and the status CLI ask a running shared server (ADR 41): with a shared server of the same
 * build and configuration running, {@code hook stop}, {@code hook session-start} and {@code status} are answered by
 * it over the attach socket (its {@code status} frame counts them) with exactly the direct path's output and exit
 * status; a mistyped role is said by the server as by the direct path ({@code status} exits 2
 * naming the roles, {@code hook stop} blocks once per session, then passes); with no server, or only a server of another
 * build, the direct path answers and no server is started. Real
 * installations, real processes, the MCP Java SDK client for the sessions that start the server.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class HookThroughSharedServerIT {

    private static final Pattern ANSWERED = Pattern.compile("\"commands_answered\":(\\d+)");
    private static final String ATTACH = "SWITCHBOARD_KERNEL__ATTACH";
    private static final String ROLE = "SWITCHBOARD_PLUGINS__MAILBOX__ROLE";
    private static final String STOP_INPUT = "{\"session_id\":\"s1\",\"stop_hook_active\":false}";

    @TempDir
    Path dir;

    private Installation installation;

    @AfterEach
    void stopSharedServers() {
        if (installation != null) {
            installation.run("server", "stop", "--all");
        }
    }

    @Test
    void hooksAndStatusAreAnsweredByTheRunningServerWithTheDirectPathsOutput() throws Exception {
        installation = Installation.copyOfBuilt(dir.resolve("one")).attaching();
        StringBuffer log = new StringBuffer();
        try (McpSyncClient backend =
                McpClients.stdioInitialized(installation, Map.of(ROLE, "backend"), "hook-backend", log)) {
            for (String to : List.of("lead", "ops")) {
                McpSchema.CallToolResult sent = backend.callTool(new McpSchema.CallToolRequest(
                        "send_message",
                        Map.of("to", to, "topic", "review", "body", "please review", "action_required", true)));
                assertThat(sent.isError()).as(String.valueOf(sent.content())).isFalse();
            }
            assertThat(SharedServers.of(installation)).as(log.toString()).hasSize(1);

            for (List<String> command :
                    List.of(List.of("status", "--text"), List.of("status"), List.of("hook", "session-start"))) {
                long before = answered();
                CliRun shared = as("lead", true, "", command);
                assertThat(answered()).as("the server answered " + command).isEqualTo(before + 1);
                CliRun direct = as("lead", false, "", command);
                assertThat(answered()).as("the direct path answered " + command).isEqualTo(before + 1);
                assertThat(shared.stdout()).as(command.toString()).isEqualTo(direct.stdout());
                assertThat(shared.stderr()).as(command.toString()).isEqualTo(direct.stderr());
                assertThat(shared.exitCode()).as(command.toString()).isEqualTo(direct.exitCode());
            }

            // The stop hook keeps a snapshot per role: two roles in the same state, one asked each way.
            long before = answered();
            CliRun lead = as("lead", true, STOP_INPUT, List.of("hook", "stop"));
            assertThat(answered()).isEqualTo(before + 1);
            CliRun ops = as("ops", false, STOP_INPUT, List.of("hook", "stop"));
            assertThat(answered()).isEqualTo(before + 1);
            assertThat(lead.stdout()).contains("\"decision\":\"block\"");
            assertThat(lead.stdout().replace("lead", "ROLE"))
                    .isEqualTo(ops.stdout().replace("ops", "ROLE"));
            assertThat(lead.stderr()).isEqualTo(ops.stderr());
            assertThat(lead.exitCode()).isZero();
            assertThat(ops.exitCode()).isZero();

            // A mistyped role, answered by the server (three attached runs, each counted): a mistyped role is said,
            // never counted as zero; the direct runs (attach off) show the same answer and share the stop's marker.
            List<String> typoStatus = List.of("status", "--role", "nosuch");
            String typoSession = "{\"session_id\":\"typo\",\"stop_hook_active\":false}";
            long beforeTypo = before + 1; // as counted just above
            CliRun typo = as("lead", true, "", typoStatus);
            CliRun typoDirect = as("lead", false, "", typoStatus);
            CliRun told = as("nosuch", true, typoSession, List.of("hook", "stop"));
            CliRun once = as("nosuch", true, typoSession, List.of("hook", "stop"));
            CliRun directAfter = as("nosuch", false, typoSession, List.of("hook", "stop"));
            assertThat(answered())
                    .as("the server answered the three attached runs")
                    .isEqualTo(beforeTypo + 3);
            assertThat(typo.exitCode()).as(typo.describe()).isEqualTo(2);
            assertThat(typo.stderr())
                    .contains("'nosuch' is not a role of channel 'local' (its roles: backend, lead, ops;");
            assertThat(typo.stdout()).isEqualTo(typoDirect.stdout());
            assertThat(typo.stderr()).isEqualTo(typoDirect.stderr());
            assertThat(typo.exitCode()).isEqualTo(typoDirect.exitCode());
            assertThat(told.exitCode()).as(told.describe()).isZero();
            assertThat(told.stdout())
                    .as("said once to the model")
                    .startsWith("{\"decision\":\"block\"")
                    .contains("'nosuch' is not a role of channel 'local'");
            assertThat(told.stderr()).as("and to the user").contains("'nosuch' is not a role of channel 'local'");
            assertThat(once.exitCode()).as(once.describe()).isZero();
            assertThat(once.stdout()).as("then the stop passes silently").isEmpty();
            assertThat(once.stderr()).isEmpty();
            assertThat(directAfter.exitCode()).isZero();
            assertThat(directAfter.stdout())
                    .as("the server's marker is the direct path's: the session is not told twice")
                    .isEmpty();
        }

        List<Long> servers = SharedServers.of(installation);
        installation.run("server", "stop", "--all");
        for (long pid : servers) {
            assertThat(Pids.awaitDeath(pid, Duration.ofSeconds(20))).isTrue();
        }
        CliRun alone = as("lead", true, "", List.of("status", "--text"));
        CliRun direct = as("lead", false, "", List.of("status", "--text"));
        assertThat(alone.stdout()).contains("lead").isEqualTo(direct.stdout());
        assertThat(alone.exitCode()).isEqualTo(direct.exitCode());
        assertThat(SharedServers.of(installation))
                .as("a hook or status never starts a shared server")
                .isEmpty();
    }

    @Test
    void aServerOfAnotherBuildIsNotAsked() throws Exception {
        installation = Installation.copyOfBuilt(dir.resolve("older")).attaching();
        Installation newer = Installation.copyOfBuilt(dir.resolve("newer")).attaching();
        AttachVersionSkewIT.rebuild(newer.home(), "2000-01-01T00:00:00Z");
        StringBuffer log = new StringBuffer();
        try (McpSyncClient session =
                McpClients.stdioInitialized(installation, Map.of(ROLE, "backend"), "hook-skew", log)) {
            session.callTool(new McpSchema.CallToolRequest(
                    "send_message", Map.of("to", "lead", "topic", "t", "body", "b", "action_required", true)));
            long before = answered();
            Map<String, String> onOlderState = Map.of(
                    ROLE,
                    "lead",
                    "SWITCHBOARD_KERNEL__STATE_DIR",
                    installation.stateDir().toString());
            CliRun skewed = newer.runWith(onOlderState, Set.of(ATTACH), "status", "--text");
            assertThat(answered()).as("the older build's server was not asked").isEqualTo(before);
            CliRun own = as("lead", false, "", List.of("status", "--text"));
            assertThat(skewed.stdout()).contains("lead").isEqualTo(own.stdout());
            assertThat(skewed.exitCode()).isEqualTo(own.exitCode());
            assertThat(SharedServers.of(installation))
                    .as("no server of the newer build started")
                    .hasSize(1);
        }
    }

    /** Runs a command as the role, attaching (asking a running server) or not (the direct path). */
    private CliRun as(String role, boolean attach, String input, List<String> command) {
        Map<String, String> set = attach ? Map.of(ROLE, role) : Map.of(ROLE, role, ATTACH, "false");
        return installation.runWithInput(
                set, attach ? Set.of(ATTACH) : Set.of(), input, command.toArray(String[]::new));
    }

    /** @return how many commands the running shared server answered, from {@code server status --json} */
    private long answered() {
        CliRun status = installation.run("server", "status", "--json");
        Matcher matcher = ANSWERED.matcher(status.stdout().replace(" ", ""));
        assertThat(matcher.find()).as(status.describe()).isTrue();
        return Long.parseLong(matcher.group(1));
    }
}
