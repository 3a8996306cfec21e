package dev.switchboard.plugin.mailbox.message;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.MessageView;
import dev.switchboard.plugin.mailbox.message.application.port.out.BodyRead;
import dev.switchboard.plugin.mailbox.message.application.port.out.ListFilter;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.tool.Outcome;

/**
 * Reads that drop or cap bodies leave them in the database: the message store's body-less and prefix-only reads on a
 * store of 8 MiB bodies, character-exact on both backends, and the listings built on them answer as before.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class BodylessReadsTest {

    /**
     * Just under the 8 MiB body limit: an astral character (4 bytes, 2 UTF-16 units, 1 code point) at the cut, so a
     * cut counting UTF-16 units or bytes would differ from one counting characters.
     */
    private static final String HUGE = "é".repeat(BoardLimits.BODY_SHOWN - 1)
            + "\uD834\uDD1E"
            + "z".repeat(MailboxLimits.BODY_BYTES - 2 * (BoardLimits.BODY_SHOWN - 1) - 4 - 16);

    private static final long HUGE_CHARS = HUGE.codePointCount(0, HUGE.length());

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private static <T> T read(
            MailboxHarness harness,
            java.util.function.Function<dev.switchboard.plugin.mailbox.channel.application.port.out.Tx, T> work) {
        Transactions transactions = harness.injector().getInstance(Transactions.class);
        long channel = harness.storage().transaction(connection -> {
            try (var query =
                            connection.prepareStatement("SELECT channel_id FROM mailbox_channel WHERE name = 'local'");
                    var row = query.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        });
        Outcome<T> outcome = transactions.read(channel, tx -> Outcome.done(work.apply(tx)));
        return outcome.orElse(refusal -> fail("refused: " + refusal.message()));
    }

    @Test
    void aBodylessReadOfEightMebibyteBodiesLoadsNoBodyAndKnowsEachLength() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long first = frontend.as("backend").send("frontend", "huge one", HUGE);
            long second = frontend.as("backend").send("frontend", "huge two", HUGE);
            MessageStore store = frontend.injector().getInstance(MessageStore.class);

            List<Message> bodyless = read(
                    frontend,
                    tx -> store.list(
                            tx,
                            new ListFilter(null, null, null, null, null, null, null, null, null, null),
                            10,
                            BodyRead.NONE));

            assertThat(bodyless).extracting(Message::id).containsExactly(second, first);
            assertThat(bodyless).allSatisfy(m -> {
                assertThat(m.body()).isEmpty();
                assertThat(m.isBodyWhole()).isFalse();
                assertThat(m.bodyChars()).isEqualTo(HUGE_CHARS);
                assertThat(m.topic()).startsWith("huge");
            });
        }
    }

    @Test
    void aPrefixReadCutsAtTheCharacterAndKnowsTheWholeLength() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long id = frontend.as("backend").send("frontend", "huge", HUGE);
            long small = frontend.as("backend").send("frontend", "small", "ротация \uD834\uDD1E");
            MessageStore store = frontend.injector().getInstance(MessageStore.class);
            BodyRead shown = BodyRead.prefix(BoardLimits.BODY_SHOWN);

            Message cut = read(frontend, tx -> store.find(tx, id, shown)).orElseThrow();
            Message whole = read(frontend, tx -> store.find(tx, small, shown)).orElseThrow();

            assertThat(cut.body()).isEqualTo(HUGE.substring(0, HUGE.offsetByCodePoints(0, BoardLimits.BODY_SHOWN)));
            assertThat(cut.body()).endsWith("\uD834\uDD1E");
            assertThat(cut.bodyChars()).isEqualTo(HUGE_CHARS);
            assertThat(whole.body()).isEqualTo("ротация \uD834\uDD1E");
            assertThat(whole.bodyChars()).isEqualTo(9L);
            assertThat(BoardLimits.shown(cut.body(), cut.bodyChars()))
                    .as("the board's text from the prefix is the one from the whole body")
                    .isEqualTo(BoardLimits.shown(HUGE))
                    .endsWith("[... " + (HUGE_CHARS - BoardLimits.BODY_SHOWN)
                            + " more characters not shown on the board; read the whole body with get_thread or"
                            + " pin_get]");
        }
    }

    @Test
    void listMessagesWithoutBodyFieldsAnswersAsTheWholeListingProjected() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.as("backend").send("frontend", "huge", HUGE);
            frontend.as("backend").send(args("to", "frontend", "topic", "debt", "body", HUGE, "action_required", true));
            List<String> fields = List.of("id", "from", "to", "topic", "status", "kind", "read_at", "delivery");
            assertThat(MessageView.bodiesFor(Projection.of(fields))).isEqualTo(BodyRead.NONE);
            assertThat(MessageView.bodiesFor(Projection.HEADERS_ONLY))
                    .as("headers carry the body's digests: read cut, the whole body's digest read in parts")
                    .isEqualTo(MessageView.LISTING_READ);

            for (String tool : new String[] {"list_messages", "open_obligations"}) {
                Map<String, Object> projected = frontend.ok(tool, args("fields", fields));
                List<Map<String, Object>> whole = MailboxHarness.result(frontend.ok(tool, Map.of()));

                // the whole listing is over 64 Ki characters, so it comes as JSON text only (ADR 40): compare as JSON
                assertThat(asJson(MailboxHarness.result(projected)))
                        .as(tool)
                        .isEqualTo(asJson(whole.stream()
                                .map(entry -> {
                                    Map<String, Object> kept = new LinkedHashMap<>(entry);
                                    kept.keySet().retainAll(fields);
                                    return kept;
                                })
                                .toList()));
            }
        }
    }

    @Test
    void aMessageReadWithoutItsBodyCannotBeShownWithItsBodyOrDigest() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long id = frontend.as("backend").send("frontend", "t", "short");
            MessageStore store = frontend.injector().getInstance(MessageStore.class);
            MessageView view = frontend.injector().getInstance(MessageView.class);

            assertThatThrownBy(() -> read(
                            frontend,
                            tx -> view.wire(
                                    tx,
                                    store.find(tx, id, BodyRead.NONE).orElseThrow(),
                                    "frontend",
                                    Projection.HEADERS_ONLY)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("without its whole body");
        }
    }

    private static Object asJson(Object value) {
        tools.jackson.databind.json.JsonMapper json =
                tools.jackson.databind.json.JsonMapper.builder().build();
        return json.readValue(json.writeValueAsString(value), Object.class);
    }
}
