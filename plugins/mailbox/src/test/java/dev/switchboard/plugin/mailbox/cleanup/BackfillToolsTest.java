package dev.switchboard.plugin.mailbox.cleanup;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.Proposals;
import dev.switchboard.plugin.mailbox.decision.MessageRows;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class BackfillToolsTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName(
            "backfill_superseded previews by default, applies only the reviewed ids with the owner's word, and undo_backfill restores them")
    void previewApplyAndUndo() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long old = settledBeforeTheRule(frontend, "notes");
            long word = frontend.send("backend", "cleanup", "retire 1 round on notes");

            Map<String, Object> preview = backendRole.ok("backfill_superseded", args());

            assertThat(preview)
                    .containsEntry("dry_run", true)
                    .containsEntry("count", 1)
                    .containsKey("generated_at");
            Map<String, Object> line = MailboxHarness.result(Map.of("result", preview.get("would_retire")))
                    .getFirst();
            assertThat(line).containsEntry("id", old).containsEntry("claimed_by", List.of("notes"));
            assertThat(MessageRows.supersededAt(frontend, old)).isNull();

            Map<String, Object> apply = args(
                    "dry_run", false, "ids", List.of(old), "key", "notes", "word_message_id", word, "expect_count", 1);
            Map<String, Object> applied = backendRole.ok("backfill_superseded", apply);

            assertThat(applied).containsEntry("retired", List.of(old)).containsEntry("keys", List.of("notes"));
            assertThat(MessageRows.supersededAt(frontend, old)).isNotNull();
            frontend.as("infra").refused("undo_backfill", args("ids", List.of(old)), "FORBIDDEN");
            Map<String, Object> undone =
                    frontend.ok("undo_backfill", args("ids", List.of(old), "reason", "still open"));
            assertThat(undone).containsEntry("restored", List.of(old)).containsEntry("refused", List.of());
            assertThat(MessageRows.supersededAt(frontend, old)).isNull();
        }
    }

    @Test
    @DisplayName(
            "applying refuses without ids or expect_count, with a wrong count, and with a word not from the key's owner")
    void applyPreconditions() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long old = settledBeforeTheRule(frontend, "notes");
            long ownersWord = frontend.send("backend", "cleanup", "1 round");
            long someoneElses = backendRole.send("frontend", "cleanup", "1 round");

            backendRole.refused(
                    "backfill_superseded",
                    args("dry_run", false, "key", "notes", "word_message_id", ownersWord, "expect_count", 1),
                    "INVALID_ARGUMENTS");
            backendRole.refused(
                    "backfill_superseded",
                    args("dry_run", false, "ids", List.of(old), "key", "notes", "word_message_id", ownersWord),
                    "INVALID_ARGUMENTS");
            assertThat(conflict(backendRole, List.of(old), ownersWord, 2)).contains("'expect_count' is 2");
            assertThat(conflict(backendRole, List.of(old), someoneElses, 1)).contains("owned by 'frontend'");
            assertThat(conflict(backendRole, List.of(ownersWord), ownersWord, 1))
                    .contains("never were candidates");
            assertThat(MessageRows.supersededAt(frontend, old)).isNull();
        }
    }

    @Test
    @DisplayName("undo_backfill leaves a retirement by the live rule in place")
    void liveRuleRetirementsArePermanent() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long round = frontend.send(Proposals.proc("backend", "t", "b", "notes", null));
            frontend.ok("pin_set", args("key", "notes", "title", "t", "version", "1", "body", "b"));

            assertThat(frontend.refused("undo_backfill", args("ids", List.of(round)), "CONFLICT")
                            .message())
                    .contains("live rule");
        }
    }

    /** @return the message of a committed {@code backfill_superseded} of {@code notes} refused with CONFLICT */
    private static String conflict(MailboxHarness caller, List<Long> ids, long word, int expectCount) {
        return caller.refused(
                        "backfill_superseded",
                        args(
                                "dry_run",
                                false,
                                "ids",
                                ids,
                                "key",
                                "notes",
                                "word_message_id",
                                word,
                                "expect_count",
                                expectCount),
                        "CONFLICT")
                .message();
    }

    /** A proposal on {@code key} older than the key's current version, live: as history written before the rule. */
    private static long settledBeforeTheRule(MailboxHarness author, String key) {
        long round = author.send(Proposals.proc("backend", key + " round", "b", key, null));
        author.ok("pin_set", args("key", key, "title", "t", "version", "1", "body", "b"));
        MessageRows.unretire(author, round);
        return round;
    }
}
