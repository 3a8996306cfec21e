package dev.switchboard.plugin.mailbox.channel.application.port.out;

import java.util.Map;
import java.util.Optional;

/** The first results of writing calls made with a {@code request_key} ({@code mailbox_receipt}). */
public interface Receipts {

    /**
     * A stored first result.
     *
     * @param argsSha256 the SHA-256 of the call's canonical arguments without {@code request_key}
     * @param result     the result as it was returned (a JSON object)
     */
    record Receipt(String argsSha256, Map<String, Object> result) {}

    /**
     * @return the receipt of the caller's earlier call of {@code tool} with {@code key}, if any
     */
    Optional<Receipt> find(Tx tx, String role, String tool, String key);

    /** Stores the first result of a call; the key is new (checked by {@link #find} in the same transaction). */
    void save(Tx tx, String role, String tool, String key, Receipt receipt);
}
