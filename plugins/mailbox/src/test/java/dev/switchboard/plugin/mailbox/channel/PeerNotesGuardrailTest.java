package dev.switchboard.plugin.mailbox.channel;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.Proposals;
import dev.switchboard.ports.tool.ToolResult;

/**
 * Beyond #2: the secret guardrail covers every text another role reads, not only bodies: notes of resolutions,
 * reopens, confirmations, work-status changes and votes, an upload's label, a pin's key and version, a proposal's
 * pin_key (found by a new user's trial: each was stored and shown to peers). A refusal names the field, never echoes
 * the secret, and writes nothing.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class PeerNotesGuardrailTest {

    /** An AWS access key id as the kernel's scanner recognises it (the documentation's example). */
    private static final String SECRET = "AKIA" + "IOSFODNN7EXAMPLE";

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private MailboxHarness frontend;
    private MailboxHarness backendRole;
    private long debt;

    @BeforeEach
    void open() {
        frontend = MailboxHarness.open(backend, dir, "frontend");
        backendRole = frontend.as("backend");
        debt = frontend.send(args("to", "backend", "topic", "fix it", "body", "b", "action_required", true));
    }

    @AfterEach
    void close() {
        frontend.close();
    }

    @Test
    void aSecretInAResolutionNoteIsRefusedAndTheDebtStaysOpen() {
        refusedNaming(
                backendRole,
                "resolve_message",
                args("message_id", debt, "resolution_note", "key " + SECRET),
                "resolution_note");

        assertThat(backendRole.ok("resolve_message", args("message_id", debt)))
                .containsEntry("already_resolved", false);
    }

    @Test
    void aSecretInTheNotesOfWorkStatusReopenAndConfirmIsRefused() {
        refusedNaming(
                backendRole,
                "set_work_status",
                args("message_id", debt, "work_status", "in_progress", "note", SECRET),
                "note");
        backendRole.ok("resolve_message", args("message_id", debt));
        refusedNaming(frontend, "confirm_resolution", args("message_id", debt, "note", SECRET), "note");
        refusedNaming(frontend, "reopen_message", args("message_id", debt, "reason", SECRET), "reason");
    }

    @Test
    void aSecretInAVotesNoteIsRefusedAndNoVoteIsRecorded() {
        long proc = frontend.send(Proposals.proc("backend", "glossary change", "b", "glossary", null));

        refusedNaming(
                backendRole, "acknowledge", args("message_id", proc, "decision", "agree", "note", SECRET), "note");

        Map<String, Object> acks = frontend.ok("get_acknowledgements", args("message_id", proc));
        assertThat(acks.get("agreed")).isEqualTo(0);
    }

    @Test
    void aSecretInAnUploadLabelAPinKeyOrVersionOrAProposalsPinKeyIsRefused() {
        refusedNaming(frontend, "upload_content", args("text", "plain", "label", SECRET), "label");
        refusedNaming(
                frontend, "pin_set", args("key", "notes", "title", "t", "version", SECRET, "body", "b"), "version");
        refusedNaming(frontend, "send_message", Proposals.proc("backend", "t", "b", SECRET, null), "pin_key");
    }

    private static void refusedNaming(MailboxHarness role, String tool, Map<String, Object> arguments, String field) {
        ToolResult.Failure refused = role.refused(tool, arguments, "SECRET_DETECTED");
        assertThat(refused.message()).contains(field).doesNotContain(SECRET);
    }
}
