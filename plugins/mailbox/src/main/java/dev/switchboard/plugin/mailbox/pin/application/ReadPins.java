package dev.switchboard.plugin.mailbox.pin.application;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.pin.application.port.out.PinStore;
import dev.switchboard.plugin.mailbox.pin.domain.PinVersion;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code pin_get}, {@code pin_list} and {@code pin_history}: the latest version of a key (or null), every key's latest
 * version without bodies, and a key's versions newest first. Each answers {@code {"result": ...}}. Thread-safe.
 */
@Singleton
public final class ReadPins {

    private final Transactions transactions;
    private final PinStore pins;

    @Inject
    ReadPins(Transactions transactions, PinStore pins) {
        this.transactions = transactions;
        this.pins = pins;
    }

    /** @return {@code get_pin}'s answer ({@link #get(Tx, String)}) in a snapshot of the caller's channel */
    public Outcome<Map<String, Object>> get(Caller caller, String key) {
        return transactions.read(caller.channelId(), tx -> get(tx, key));
    }

    /** @return {@code list_pins}' answer ({@link #list(Tx)}) in a snapshot of the caller's channel */
    public Outcome<Map<String, Object>> list(Caller caller) {
        return transactions.read(caller.channelId(), this::list);
    }

    /** @return {@code list_pin_history}'s answer ({@link #history(Tx, String, Projection)}) in a snapshot */
    public Outcome<Map<String, Object>> history(Caller caller, String key, Projection fields) {
        return transactions.read(caller.channelId(), tx -> history(tx, key, fields));
    }

    /** @return {@code {"result": <latest version with body, or null>}} */
    public Outcome<Map<String, Object>> get(Tx tx, String key) {
        Map<String, Object> answer = new HashMap<>();
        answer.put(
                "result",
                pins.current(tx, key.strip()).map(v -> PinViews.wire(v, true)).orElse(null));
        return Outcome.done(answer);
    }

    /** @return {@code {"result": [latest version of each key, without body]}} by key */
    public Outcome<Map<String, Object>> list(Tx tx) {
        List<Map<String, Object>> rows =
                pins.latest(tx).stream().map(v -> PinViews.wire(v, false)).toList();
        return Outcome.done(Map.of("result", rows));
    }

    /**
     * @return {@code {"result": [versions, newest first, projected]}}, the versions cut at the listing's byte cap
     *     ({@link Listing}: then with {@code truncated}, whose {@code limit} is the number of versions); each body is
     *     read whole when its version is taken, so the versions left out never leave the database
     */
    public Outcome<Map<String, Object>> history(Tx tx, String key, Projection fields) {
        String pinKey = key.strip();
        List<PinVersion> versions = pins.history(tx, pinKey);
        boolean bodies = fields.wants("body");
        Stream<Map<String, Object>> rows = IntStream.range(0, versions.size()).mapToObj(newest -> {
            PinVersion version = versions.get(newest);
            PinVersion shown =
                    bodies ? version.withBody(pins.body(tx, pinKey, newest).orElseThrow()) : version;
            return fields.apply(PinViews.wire(shown, true));
        });
        return Outcome.done(Listing.of(rows, versions.size(), false, null));
    }
}
