package dev.switchboard.plugin.mailbox.channel.application;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Receipts;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.RequestKeyRule;
import dev.switchboard.ports.tool.ToolCall;

/**
 * A writing tool's one transaction, with Switchboard's optional {@code request_key} (beyond the original, #1): the
 * first result of a (channel, role, tool, key) is stored with the SHA-256 of the call's canonical arguments (keys
 * sorted, {@code request_key} left out); the same key with the same arguments returns that result again with
 * {@code replayed: true} and writes nothing, and with other arguments is refused ({@code CONFLICT}) and writes
 * nothing. Without a key the work simply runs in {@link Transactions#write}. Thread-safe.
 *
 * <p>Use it in one line: {@code requestKeys.write(caller, call, tx -> useCase.run(tx, ...).then(Views::wire))}.
 */
@Singleton
public final class RequestKeys {

    /** The argument's name. */
    public static final String ARGUMENT = "request_key";

    /** The input-schema property every writing tool declares, to paste into its {@code properties}. */
    public static final String SCHEMA_PROPERTY = "\"request_key\": {\"type\": \"string\", "
            + RequestKeyRule.SCHEMA_KEYWORDS + ", \"description\": \"Optional: a key of your"
            + " choosing that makes a retry safe. The same key with the same arguments returns the first result"
            + " again (replayed: true) and writes nothing; with other arguments it is refused.\"}";

    private static final Pattern KEY = Pattern.compile(RequestKeyRule.PATTERN);
    private static final JsonMapper CANONICAL = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private final Transactions transactions;
    private final Receipts receipts;

    @Inject
    RequestKeys(Transactions transactions, Receipts receipts) {
        this.transactions = transactions;
        this.receipts = receipts;
    }

    /**
     * @param caller who writes
     * @param call   the tool call (its name and arguments fingerprint the receipt)
     * @param work   the checks and writes, ending in the result's wire form
     * @return the work's result, or the replayed first result, or the refusal (nothing written)
     */
    public Outcome<Map<String, Object>> write(
            Caller caller, ToolCall call, Function<Tx, Outcome<Map<String, Object>>> work) {
        Optional<String> key = call.args().optionalText(ARGUMENT);
        if (key.isEmpty()) {
            return transactions.write(caller.channelId(), work);
        }
        if (key.get().length() > RequestKeyRule.MAX_CHARS
                || !KEY.matcher(key.get()).matches()) {
            // the schema refuses it first; this keeps the rule for a call that did not pass the kernel's validation
            return Outcome.refused(Refusal.invalid(
                    ARGUMENT,
                    "must be 1 to " + RequestKeyRule.MAX_CHARS + " characters of A-Z a-z 0-9 . _ : -, the request key"
                            + " rule of every tool"));
        }
        String fingerprint = fingerprint(call.arguments());
        return transactions.write(caller.channelId(), tx -> {
            Optional<Receipts.Receipt> earlier = receipts.find(tx, caller.role(), call.toolName(), key.get());
            if (earlier.isPresent()) {
                if (!earlier.get().argsSha256().equals(fingerprint)) {
                    return Outcome.refused(new Refusal(
                            ErrorCode.CONFLICT,
                            "request_key " + ClientText.quoted(key.get()) + " was already used for " + call.toolName()
                                    + " with other arguments; nothing was written. Use a new key for a new request,"
                                    + " or repeat the first call's arguments exactly to get its result",
                            Map.of("field", ARGUMENT)));
                }
                Map<String, Object> replay = new LinkedHashMap<>(earlier.get().result());
                replay.put("replayed", true);
                return Outcome.done(replay);
            }
            Outcome<Map<String, Object>> outcome = work.apply(tx);
            if (outcome instanceof Outcome.Done<Map<String, Object>> done) {
                receipts.save(
                        tx, caller.role(), call.toolName(), key.get(), new Receipts.Receipt(fingerprint, done.value()));
            }
            return outcome;
        });
    }

    /** @return the SHA-256 of the canonical JSON of {@code arguments} without {@code request_key} */
    static String fingerprint(Map<String, Object> arguments) {
        Map<String, Object> rest = new TreeMap<>(arguments);
        rest.remove(ARGUMENT);
        return Digest.sha256Hex(CANONICAL.writeValueAsString(rest).getBytes(StandardCharsets.UTF_8));
    }
}
