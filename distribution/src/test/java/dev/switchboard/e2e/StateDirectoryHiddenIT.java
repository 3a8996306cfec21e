package dev.switchboard.e2e;

import static dev.switchboard.e2e.support.ToolResults.details;
import static dev.switchboard.e2e.support.ToolResults.map;
import static dev.switchboard.e2e.support.ToolResults.structured;
import static dev.switchboard.e2e.support.ToolResults.text;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * No tool answer names the server's own state directory (which holds the owner token and the
 * database). One session with every bundled plugin enabled calls every tool the server lists, with arguments that
 * succeed and with none (errors), and runs the {@code bash} answers that name a file (a truncated output, a timeout);
 * another serves a plugin that failed on a setting naming the state directory. A real MCP client over stdio.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}; docs/testing.md, "Ordering and
 * threads"): each test's installation, project and processes are its own and it asserts no time; its tests run in turn
 * on the class's thread (the lock on the class's own name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("StateDirectoryHiddenIT")
class StateDirectoryHiddenIT {

    @TempDir
    Path dir;

    @Test
    void noAnswerOfAnyToolNamesTheStateDirectoryAndTheFullOutputFileCanBeRead() throws IOException {
        Installation installation = Installation.copyOfBuilt(dir).enable("workspace");
        Path project = Files.createDirectories(dir.resolve("project"));
        Files.writeString(project.resolve("notes.txt"), "one\ntwo\n");
        StringBuffer stderr = new StringBuffer();
        List<String> answers = new ArrayList<>();
        McpSyncClient client = McpClients.stdioInitialized(installation, Map.of(), "switchboard-e2e-state-dir", stderr);
        try {
            String first = open(answers, client, project);
            for (McpSchema.Tool tool : client.listTools().tools()) {
                record(answers, client, tool.name(), Map.of());
                record(answers, client, tool.name(), Map.of("workspace_id", first));
            }
            // The loop closed the first workspace (workspace_close); the calls after it use another.
            String id = open(answers, client, project);
            record(answers, client, "read", Map.of("workspace_id", id, "path", "notes.txt"));
            record(answers, client, "ls", Map.of("workspace_id", id));
            McpSchema.CallToolResult truncated = record(
                    answers,
                    client,
                    "bash",
                    Map.of("workspace_id", id, "request_key", "long", "command", "seq 1 10000"));
            record(
                    answers,
                    client,
                    "bash",
                    Map.of("workspace_id", id, "request_key", "slow", "command", "seq 1 3000; sleep 5", "timeout", 1));
            record(
                    answers,
                    client,
                    "bash",
                    Map.of("workspace_id", id, "request_key", "long", "command", "seq 1 10000"));

            String full = (String) map(structured(truncated).get("details")).get("fullOutputPath");
            assertThat(full).as(truncated + "\n" + stderr).isNotNull();
            assertThat(text(truncated)).contains(full);
            McpSchema.CallToolResult read =
                    record(answers, client, "read", Map.of("workspace_id", id, "path", full, "limit", 2));
            assertThat(text(read)).as("seed behaviour 56").startsWith("1\n2");
            assertThat(answers)
                    .hasSizeGreaterThan(2 * client.listTools().tools().size());
        } finally {
            client.closeGracefully();
        }

        assertThat(answers).allSatisfy(answer -> assertNoStateDirectory(answer, installation.stateDir()));
    }

    @Test
    void aFailedPluginsReasonIsAnsweredWithoutTheStateDirectory() throws IOException {
        Installation installation = Installation.copyOfBuilt(dir).enable("workspace");
        Path inside = installation.stateDir().resolve("outputs");
        StringBuffer stderr = new StringBuffer();
        List<String> answers = new ArrayList<>();
        McpSyncClient client = McpClients.stdioInitialized(
                installation,
                Map.of("SWITCHBOARD_PLUGINS__WORKSPACE__COMMAND_OUTPUT_DIR", inside.toString()),
                "switchboard-e2e-state-dir",
                stderr);
        try {
            McpSchema.CallToolResult failed = record(answers, client, "workspace_open", Map.of());
            assertThat(failed.isError()).as(stderr.toString()).isTrue();
            assertThat(structured(failed)).containsEntry("code", "PLUGIN_FAILED");
            assertThat(text(failed)).contains("command-output-dir", "<state-dir>/outputs");
            record(answers, client, "server_info", Map.of());
        } finally {
            client.closeGracefully();
        }

        assertThat(stderr).as("the operator's log keeps the real path").contains(inside.toString());
        assertThat(answers).allSatisfy(answer -> assertNoStateDirectory(answer, installation.stateDir()));
    }

    private static String open(List<String> answers, McpSyncClient client, Path project) {
        return (String) structured(record(answers, client, "workspace_open", Map.of("cwd", project.toString())))
                .get("workspace_id");
    }

    private static McpSchema.CallToolResult record(
            List<String> answers, McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result;
        try {
            result = client.callTool(new McpSchema.CallToolRequest(tool, new LinkedHashMap<>(arguments)));
        } catch (RuntimeException protocolError) {
            // An argument the schema refuses, such as an unknown key, is a JSON-RPC error: its message is an answer
            // too.
            answers.add(tool + " -> " + protocolError.getMessage());
            return null;
        }
        answers.add(tool + " -> " + result.content() + " " + result.structuredContent() + " " + details(result));
        return result;
    }

    private static void assertNoStateDirectory(String answer, Path stateDir) {
        assertThat(answer).doesNotContain(stateDir.toString());
        try {
            assertThat(answer).doesNotContain(stateDir.toRealPath().toString());
        } catch (IOException e) {
            // The state directory does not exist: its one spelling was checked above.
        }
    }
}
