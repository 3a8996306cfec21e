package dev.switchboard.plugin.mailbox.hook;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.AttachedHooks;
import dev.switchboard.plugin.mailbox.DirectHooks;
import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.plugin.PluginContext;

/**
 * The hooks and {@code status} answered by a shared server for a process that asked it (ADR 41): the asking process's
 * role and channel come from its own environment ({@code SWITCHBOARD_PLUGINS__MAILBOX__ROLE}, {@code __CHANNEL}), not
 * the server's, and the answer is exactly the direct path's on
 * the same store; what the direct path hands back, this declines too, without reading or writing.
 */
class AttachedHooksTest {

    /** The role a session sets for itself; the test server's own is {@code backend} (a process setting). */
    private static final String ROLE = "SWITCHBOARD_PLUGINS__MAILBOX__ROLE";

    private static final String FIRST = "{\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";

    @TempDir
    Path dir;

    private MailboxHarness backend;

    @BeforeEach
    void open() {
        backend = MailboxHarness.open("sqlite", dir, "backend");
    }

    @AfterEach
    void close() {
        backend.close();
    }

    /** A run's outcome: its exit status (empty: declined), stdout and stderr. */
    private record Run(Optional<Integer> status, String out, String err) {}

    private Run attached(Map<String, String> env, String stdin, String... commandLine) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Optional<Integer> status = backend.injector()
                .getInstance(AttachedHooks.class)
                .run(
                        List.of(commandLine),
                        new LocalSession(dir, env),
                        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                        new PrintWriter(out, true),
                        new PrintWriter(err, true));
        return new Run(status, out.toString(), err.toString());
    }

    private Run direct(String role, String stdin, String... commandLine) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Optional<Integer> status = DirectHooks.run(
                List.of(commandLine),
                new PluginContext("mailbox", Map.of("role", role), dir),
                new DirectHooks.Store(dir.resolve("switchboard.db"), 5000),
                name -> Optional.empty(),
                new DirectHooks.Streams(
                        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                        new PrintWriter(out, true),
                        new PrintWriter(err, true)));
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void theAskingSessionsRoleAnswersAsTheDirectPathAnswersForIt() {
        MailboxHarness frontend = backend.as("frontend");
        backend.send("frontend", "one", "a");
        backend.send(args("to", "frontend", "topic", "fix", "body", "it", "action_required", true));
        frontend.send("backend", "hello", "b");

        Run text = attached(Map.of(ROLE, "frontend"), "", "status", "--text");
        Run json = attached(Map.of(ROLE, "frontend"), "", "status");
        Run direct = direct("frontend", "", "status", "--text");
        Run directJson = direct("frontend", "", "status");

        assertThat(text.status()).isPresent().isEqualTo(direct.status());
        assertThat(text.out()).contains("frontend").isEqualTo(direct.out());
        assertThat(text.err()).isEqualTo(direct.err());
        assertThat(json.out()).contains("\"unread\":2").isEqualTo(directJson.out());
        assertThat(json.status()).isEqualTo(directJson.status());
    }

    @Test
    void theStopHookBlocksForTheAskingSessionsRoleAndSessionStartNamesIt() {
        backend.send(args("to", "frontend", "topic", "fix", "body", "it", "action_required", true));

        Run stop = attached(Map.of(ROLE, "frontend"), FIRST, "hook", "stop");
        Run start = attached(Map.of(ROLE, "frontend"), "", "hook", "session-start");
        Run directStart = direct("frontend", "", "hook", "session-start");

        assertThat(stop.status()).contains(0);
        assertThat(stop.out()).startsWith("{\"decision\":\"block\"");
        assertThat(start.out()).contains("frontend").isEqualTo(directStart.out());
    }

    @Test
    void whatTheDirectPathHandsBackIsDeclinedWithNothingWritten() {
        Run watch = attached(Map.of(ROLE, "frontend"), "", "status", "watch");
        Run badRole = attached(Map.of(ROLE, "not a role"), "", "status");
        Run badChannel =
                attached(Map.of(ROLE, "frontend", "SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL", "Bad Name"), "", "status");
        Run other = attached(Map.of(), "", "mailbox", "import", "x.db");

        for (Run run : List.of(watch, badRole, badChannel, other)) {
            assertThat(run.status()).isEmpty();
            assertThat(run.out()).isEmpty();
            assertThat(run.err()).isEmpty();
        }
    }
}
