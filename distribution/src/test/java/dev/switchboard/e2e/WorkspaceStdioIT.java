package dev.switchboard.e2e;

import static dev.switchboard.e2e.support.ToolResults.details;
import static dev.switchboard.e2e.support.ToolResults.map;
import static dev.switchboard.e2e.support.ToolResults.structured;
import static dev.switchboard.e2e.support.ToolResults.text;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.e2e.support.ToolCatalog;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * The workspace plugin in the built distribution, driven over stdio by the MCP Java SDK's own client (spec §3B):
 * a workspace on a fixture project, reads with revisions, revision-checked writes and edits, grep, commands with
 * request keys, and the rule that {@code structuredContent.output} repeats the text of every result, errors included.
 * One server for the class; each test uses files and keys of its own, so their order does not matter.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}; docs/testing.md, "Ordering and
 * threads"): its installation, workspace home, project and processes are its own and it asserts no time; its tests run
 * in turn on the class's thread (the lock on the class's own name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("WorkspaceStdioIT")
class WorkspaceStdioIT {

    static final List<String> WORKSPACE_TOOLS = ToolCatalog.names("workspace");
    private static final StringBuffer SERVER_STDERR = new StringBuffer();
    /** Secrets in the server's environment that storage-postgres and the mailbox declare (ADR 30). */
    private static final String POSTGRES_PASSWORD = "e2e-pg-password-51c9";

    private static final String CHANNEL_TOKEN = "cct_e2e-channel-token-8d04";
    private static final String OWNER_TOKEN = "sbt_e2e-owner-token-5c1f";

    @TempDir
    static Path dir;

    private static Path project;
    private static McpSyncClient client;
    private static String workspaceId;

    @BeforeAll
    static void startServer() throws IOException {
        Installation installation = Installation.copyOfBuilt(dir).enable("workspace");
        Path home = Files.createDirectories(dir.resolve("home"));
        project = Files.createDirectories(home.resolve("project")).toRealPath();
        Files.writeString(project.resolve("notes.txt"), "first line\nsecond line\n");
        Files.writeString(project.resolve("AGENTS.md"), "Run the tests before committing.\n");
        client = McpClients.stdioInitialized(
                installation,
                Map.of(
                        "SWITCHBOARD_PLUGINS__WORKSPACE__HOME",
                        home.toString(),
                        "SWITCHBOARD_POSTGRES_PASSWORD",
                        POSTGRES_PASSWORD,
                        "AI_AGENT_CHANNEL_TOKEN",
                        CHANNEL_TOKEN,
                        "SWITCHBOARD_TOKEN",
                        OWNER_TOKEN,
                        "SWITCHBOARD_E2E_ORDINARY",
                        "reaches the run"),
                "switchboard-e2e-workspace",
                SERVER_STDERR);
        workspaceId = (String)
                structured(ok("workspace_open", Map.of("cwd", "project"))).get("workspace_id");
    }

    @AfterAll
    static void stopServer() {
        if (client != null) {
            client.closeGracefully();
        }
    }

    /** 36: the rig-bridge tools of the workspace's committed catalog, with their read-only and destructive hints. */
    @Test
    void toolsListOffersTheTenWorkspaceToolsWithTheirHints() {
        List<McpSchema.Tool> tools = client.listTools().tools().stream()
                .filter(tool -> WORKSPACE_TOOLS.contains(tool.name()))
                .toList();

        assertThat(tools)
                .as(log())
                .extracting(McpSchema.Tool::name)
                .containsExactlyInAnyOrderElementsOf(WORKSPACE_TOOLS);
        assertThat(tools)
                .filteredOn(tool -> tool.name().equals("read"))
                .singleElement()
                .satisfies(tool -> assertThat(tool.annotations().readOnlyHint()).isTrue());
        assertThat(tools)
                .filteredOn(tool -> tool.name().equals("bash"))
                .singleElement()
                .satisfies(
                        tool -> assertThat(tool.annotations().destructiveHint()).isTrue());
    }

    /** 37, 39: a relative cwd starts from the configured home; the project's instructions are found. */
    @Test
    @SuppressWarnings("unchecked")
    void workspaceOpenResolvesTheCwdFromHomeAndFindsTheProjectInstructions() {
        McpSchema.CallToolResult opened = ok("workspace_open", Map.of("cwd", "project"));

        Map<String, Object> facts = structured(opened);
        assertThat(UUID.fromString((String) facts.get("workspace_id"))).isNotNull();
        assertThat(facts).containsEntry("cwd", project.toString()).containsEntry("models_for_tools", false);
        assertThat((List<Object>) facts.get("instructions"))
                .contains(project.resolve("AGENTS.md").toString());
        assertThat(text(opened)).contains("Run the tests before committing.");
        assertThat(facts.get("output")).isEqualTo(text(opened));
    }

    /** 41: the revision is the sha256 of the whole file; the output repeats the text. */
    @Test
    void readReturnsTheRevisionOfTheFileAndItsTextAsOutput() throws IOException {
        McpSchema.CallToolResult read = ok("read", Map.of("workspace_id", workspaceId, "path", "notes.txt"));

        assertThat(text(read)).contains("first line", "second line");
        assertThat(structured(read))
                .containsEntry("output", text(read))
                .containsEntry("revision", revision(Files.readAllBytes(project.resolve("notes.txt"))));
    }

    /** 42, 43: a write with the read revision replaces the file; one with the old revision afterwards is refused. */
    @Test
    void writeWithTheReadRevisionReplacesTheFileAndAStaleRevisionIsRefused() throws IOException {
        Path file = project.resolve("write-me.txt");
        Files.writeString(file, "version 1\n");
        String read = (String) structured(ok("read", Map.of("workspace_id", workspaceId, "path", "write-me.txt")))
                .get("revision");

        McpSchema.CallToolResult written = ok(
                "write",
                Map.of(
                        "workspace_id",
                        workspaceId,
                        "request_key",
                        "w-1",
                        "path",
                        "write-me.txt",
                        "content",
                        "version 2\n",
                        "expected_revision",
                        read));
        assertThat(structured(written))
                .containsEntry("revision", revision("version 2\n".getBytes(StandardCharsets.UTF_8)))
                .containsEntry("output", text(written));
        assertThat(Files.readString(file)).isEqualTo("version 2\n");

        McpSchema.CallToolResult stale = call(
                "write",
                Map.of(
                        "workspace_id",
                        workspaceId,
                        "request_key",
                        "w-2",
                        "path",
                        "write-me.txt",
                        "content",
                        "version 3\n",
                        "expected_revision",
                        read));
        assertThat(stale.isError()).as(String.valueOf(stale)).isTrue();
        assertThat(structured(stale)).containsEntry("code", "REVISION_CONFLICT").containsEntry("output", text(stale));
        assertThat(Files.readString(file)).isEqualTo("version 2\n");
    }

    /** 45 (the diff part): edit matches against the original text and returns a unified diff. */
    @Test
    void editReplacesTheMatchedTextAndReturnsADiff() throws IOException {
        McpSchema.CallToolResult created = ok(
                "write",
                Map.of(
                        "workspace_id",
                        workspaceId,
                        "request_key",
                        "e-1",
                        "path",
                        "edit-me.txt",
                        "content",
                        "hello\nworld\n",
                        "expected_revision",
                        "missing"));

        McpSchema.CallToolResult edited = ok(
                "edit",
                Map.of(
                        "workspace_id",
                        workspaceId,
                        "request_key",
                        "e-2",
                        "path",
                        "edit-me.txt",
                        "expected_revision",
                        structured(created).get("revision"),
                        "edits",
                        List.of(Map.of("oldText", "world", "newText", "there"))));

        assertThat((String) map(structured(edited).get("details")).get("diff")).contains("-world", "+there");
        assertThat(Files.readString(project.resolve("edit-me.txt"))).isEqualTo("hello\nthere\n");
        assertThat(structured(edited))
                .containsEntry("revision", revision("hello\nthere\n".getBytes(StandardCharsets.UTF_8)))
                .containsEntry("output", text(edited));
    }

    /** 50 (grep): the matching line, in the text and in the output. */
    @Test
    void grepFindsTheMatchingLine() {
        McpSchema.CallToolResult found =
                ok("grep", Map.of("workspace_id", workspaceId, "pattern", "second", "glob", "notes.txt"));

        assertThat(text(found)).contains("notes.txt").contains("second line").doesNotContain("first line");
        assertThat(structured(found)).containsEntry("output", text(found));
    }

    /** 51, 52: a retry with the same key replays the first outcome; the same key for another command is refused. */
    @Test
    void bashRunsOncePerRequestKey() throws IOException {
        Map<String, Object> once = Map.of(
                "workspace_id",
                workspaceId,
                "request_key",
                "b-1",
                "command",
                "printf x >> ../bash-counter; echo ran once");

        McpSchema.CallToolResult first = ok("bash", once);
        McpSchema.CallToolResult retry = ok("bash", once);

        assertThat(structured(first)).containsEntry("exit_code", 0).containsEntry("output", text(first));
        assertThat(text(first)).contains("ran once");
        assertThat(structured(retry)).containsEntry("replayed", true).containsEntry("exit_code", 0);
        assertThat(text(retry)).isEqualTo(text(first));
        assertThat(Files.readString(project.resolveSibling("bash-counter"))).isEqualTo("x");

        McpSchema.CallToolResult conflict = call(
                "bash", Map.of("workspace_id", workspaceId, "request_key", "b-1", "command", "echo something else"));
        assertThat(conflict.isError()).isTrue();
        assertThat(structured(conflict))
                .containsEntry("code", "REQUEST_KEY_CONFLICT")
                .containsEntry("output", text(conflict));
    }

    /**
     * ADR 30: a command sees the server's environment without the variables declared as secrets (storage-postgres's
     * password, the mailbox's role token, the owner token a client configuration exports); the rest, an ordinary variable and PATH included, is inherited.
     */
    @Test
    void bashSeesTheServersEnvironmentWithoutTheDeclaredSecrets() {
        McpSchema.CallToolResult ran =
                ok("bash", Map.of("workspace_id", workspaceId, "request_key", "env-1", "command", "env"));

        List<String> lines = text(ran).lines().toList();
        assertThat(text(ran)).doesNotContain(POSTGRES_PASSWORD, CHANNEL_TOKEN, OWNER_TOKEN);
        assertThat(lines)
                .noneMatch(line -> line.startsWith("SWITCHBOARD_POSTGRES_PASSWORD="))
                .noneMatch(line -> line.startsWith("AI_AGENT_CHANNEL_TOKEN="))
                .noneMatch(line -> line.startsWith("SWITCHBOARD_TOKEN="))
                .contains("SWITCHBOARD_E2E_ORDINARY=reaches the run")
                .anyMatch(line -> line.startsWith("PATH="))
                .anyMatch(line -> line.startsWith("SWITCHBOARD_RUN="));
    }

    /** 55: a non-zero exit is an error with the exit code, and its output carries the command's output. */
    @Test
    void aFailingCommandIsAnErrorWhoseOutputRepeatsTheText() {
        McpSchema.CallToolResult failed = call(
                "bash",
                Map.of("workspace_id", workspaceId, "request_key", "f-1", "command", "printf error >&2; exit 7"));

        assertThat(failed.isError()).as(String.valueOf(failed)).isTrue();
        assertThat(text(failed)).contains("error");
        assertThat(structured(failed)).containsEntry("code", "COMMAND_FAILED").containsEntry("output", text(failed));
        assertThat(details(failed)).containsEntry("exit_code", 7);
    }

    /** 40: a schema violation never reaches the tool; the error names the field and carries its output too. */
    @Test
    void anUnknownArgumentIsInvalidArguments() {
        McpSchema.CallToolResult invalid =
                call("read", Map.of("workspace_id", workspaceId, "path", "notes.txt", "unexpected", true));

        assertThat(invalid.isError()).isTrue();
        assertThat(structured(invalid))
                .containsEntry("code", "INVALID_ARGUMENTS")
                .containsEntry("output", text(invalid));
        assertThat(details(invalid)).containsEntry("field", "unexpected");
    }

    /** 38: a regular file is not a workspace. */
    @Test
    void aRegularFileIsNotAWorkspace() {
        McpSchema.CallToolResult refused = call(
                "workspace_open", Map.of("cwd", project.resolve("notes.txt").toString()));

        assertThat(refused.isError()).isTrue();
        assertThat(structured(refused))
                .containsEntry("code", "INVALID_WORKSPACE")
                .containsEntry("output", text(refused));
    }

    static String revision(byte[] bytes) {
        try {
            return "sha256:"
                    + HexFormat.of()
                            .formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        return ToolCalls.call(client, tool, arguments);
    }

    private static McpSchema.CallToolResult ok(String tool, Map<String, Object> arguments) {
        return ToolCalls.ok(client, tool, arguments, log());
    }

    private static String log() {
        return "\nserver stderr:\n" + SERVER_STDERR;
    }
}
