package dev.switchboard.plugin.mailbox.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.CommandRun;
import dev.switchboard.plugin.mailbox.FeatureState;
import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.hook.adapter.in.cli.HookCommand;
import dev.switchboard.plugin.mailbox.hook.adapter.in.cli.StatusCommand;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.storage.StorageException;

/**
 * One actionable model for the whole server (ADR 28): another feature's counters of this session (as the
 * kernel lists them through {@code ports.summary}) count in the local stop hook and {@code status} next to the
 * mailbox's, on a real SQLite store.
 */
class FeatureCountsTest {

    private static final String FIRST = "{\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";
    private static final String RETRY = "{\"hook_event_name\":\"Stop\",\"stop_hook_active\":true}";
    private static final String HINT = "For handoffs_pending, call frontispice_list_updates.";

    @TempDir
    Path dir;

    private final FeatureState handoff = new FeatureState();
    private MailboxHarness backend;

    @BeforeEach
    void open() {
        backend = MailboxHarness.builder("sqlite", dir)
                .summaries(handoff.asSummaries())
                .open("backend");
    }

    @AfterEach
    void close() {
        backend.close();
    }

    @Test
    void pendingHandoffsBlockTheStopNamingTheirCounterAndHowToHandleThem() {
        handoff.pending("handoffs_pending", 2, HINT);

        CommandRun first = CommandRun.of(backend, new HookCommand(), FIRST, "stop");

        assertThat(first.status()).isZero();
        assertThat(first.out())
                .contains("channel has pending items for 'backend': handoffs_pending=2.")
                .contains(HINT);
        assertThat(CommandRun.of(backend, new HookCommand(), RETRY, "stop").out())
                .as("an unchanged retry passes")
                .isEmpty();
        handoff.pending("handoffs_pending", 3, HINT);
        assertThat(CommandRun.of(backend, new HookCommand(), RETRY, "stop").out())
                .as("a new handoff blocks the retry again")
                .contains("handoffs_pending=3");
    }

    @Test
    void handoffsCountNextToTheMailboxCountersInStatus() {
        handoff.pending("handoffs_pending", 2, HINT);
        backend.as("frontend").send("backend", "first", "one");

        CommandRun json = CommandRun.of(backend, new StatusCommand(), "");
        CommandRun text = CommandRun.of(backend, new StatusCommand(), "", "--text");

        assertThat(json.status()).isEqualTo(1);
        assertThat(json.out())
                .contains("\"handoffs_pending\":2")
                .contains("\"pending\":{\"unread\":1,\"handoffs_pending\":2}");
        assertThat(text.out()).contains("unread=1,handoffs_pending=2");
    }

    @Test
    void noPendingHandoffIsAZeroCounterAndNothingActionable() {
        handoff.pending("handoffs_pending", 0, HINT);

        CommandRun status = CommandRun.of(backend, new StatusCommand(), "");

        assertThat(status.status()).isZero();
        assertThat(status.out()).contains("\"handoffs_pending\":0").contains("\"pending\":{}");
        assertThat(CommandRun.of(backend, new HookCommand(), FIRST, "stop").out())
                .isEmpty();
    }

    @Test
    void aFeatureWhoseStateCannotBeReadPassesTheStopWithAWarningAndFailsStatus() {
        handoff.failing(new StorageException("no such table: handoff_project"));

        CommandRun stop = CommandRun.of(backend, new HookCommand(), FIRST, "stop");
        CommandRun status = CommandRun.of(backend, new StatusCommand(), "");

        assertThat(stop.status()).isZero();
        assertThat(stop.out()).isEmpty();
        assertThat(stop.err()).contains("pending items cannot be read").contains("no such table: handoff_project");
        assertThat(status.status()).isEqualTo(2);
        assertThat(status.err()).contains("pending items cannot be read");
    }

    @Test
    void aFeaturesMalformedSettingIsNamedAsTheFailure() {
        handoff.failing(new InvalidSettingException("plugins.handoff.project", "", "the project to count for"));

        CommandRun status = CommandRun.of(backend, new StatusCommand(), "");

        assertThat(status.status()).isEqualTo(2);
        assertThat(status.err()).contains("plugins.handoff.project").doesNotContain("switchboard serve");
    }

    @Test
    void aCounterNamedLikeAMailboxCounterIsRefusedAsASetupFault() {
        handoff.pending("unread", 1, HINT);

        CommandRun status = CommandRun.of(backend, new StatusCommand(), "");

        assertThat(status.status()).isEqualTo(2);
        assertThat(status.err()).contains("the counter unread is counted twice");
    }
}
