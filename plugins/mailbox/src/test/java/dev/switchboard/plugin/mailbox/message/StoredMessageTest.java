package dev.switchboard.plugin.mailbox.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

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
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.CheckedSend;
import dev.switchboard.plugin.mailbox.message.application.SendMessage;
import dev.switchboard.plugin.mailbox.message.application.SendRequest;
import dev.switchboard.plugin.mailbox.work.Store;
import dev.switchboard.ports.tool.Outcome;

/**
 * The message a send returns is built from the values it wrote, not read back (the send's writes are its hottest
 * path): it must equal the message the store reads back after the commit, column for column, on both backends.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class StoredMessageTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName("a debt with a kind, a send-time work status and a parent is returned exactly as it is stored")
    void aDebtIsReturnedAsStored() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long parent = frontend.as("backend").send("frontend", "question", "which api?");
            SendRequest debt = request(
                    "backend", "fix login", "it fails", true, parent, "bug", "in_progress", null, Map.of(), null);

            Message returned = send(frontend, debt);

            assertThat(returned.status()).isEqualTo("open");
            assertThat(returned).isEqualTo(Store.message(frontend, returned.id()));
        }
    }

    @Test
    @DisplayName("a proposal to several roles with voters and addenda is returned exactly as it is stored, its"
            + " recipients in role order")
    void aProposalToSeveralIsReturnedAsStored() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            SendRequest proposal = request(
                    List.of("qa", "backend"),
                    "glossary v2",
                    "terms",
                    false,
                    null,
                    "proc",
                    null,
                    "glossary",
                    Map.of("qa", "for you"),
                    List.of("qa"));

            Message returned = send(frontend, proposal);

            assertThat(returned.recipientRoles()).containsExactly("backend", "qa");
            assertThat(returned.toRole()).isEqualTo(Message.SEVERAL);
            assertThat(returned.addenda()).isEqualTo(Map.of("qa", "for you"));
            assertThat(returned).isEqualTo(Store.message(frontend, returned.id()));
        }
    }

    private static Message send(MailboxHarness author, SendRequest request) {
        SendMessage sendMessage = author.injector().getInstance(SendMessage.class);
        Caller caller = Store.caller(author);
        CheckedSend checked = sendMessage.check(request).orElse(refusal -> fail("refused: " + refusal.message()));
        Outcome<SendMessage.Sent> sent = author.injector()
                .getInstance(Transactions.class)
                .write(caller.channelId(), tx -> sendMessage.send(tx, caller, checked));
        return sent.map(SendMessage.Sent::message).orElse(refusal -> fail("refused: " + refusal.message()));
    }

    private static SendRequest request(
            Object to,
            String topic,
            String body,
            boolean actionRequired,
            Long replyTo,
            String kind,
            String workStatus,
            String pinKey,
            Map<String, String> addenda,
            Object voters) {
        boolean proc = "proc".equals(kind);
        return new SendRequest(
                to,
                topic,
                body,
                actionRequired,
                replyTo,
                kind,
                workStatus,
                proc,
                pinKey,
                proc,
                null,
                addenda,
                true,
                null,
                voters != null,
                voters,
                false);
    }
}
