package dev.switchboard.plugin.mailbox.hook.application;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.LocalPinList;
import dev.switchboard.plugin.mailbox.hook.application.port.out.MailboxSchema;
import dev.switchboard.plugin.mailbox.pin.application.ReadPins;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.storage.StorageException;

/**
 * {@code status pins} on the local store: the latest version of every pin, without bodies, as {@code pin_list} reads
 * them ({@link ReadPins#list}), after the store's mailbox schema is checked ({@link MailboxSchema}, as for the counts).
 * Thread-safe.
 */
@Singleton
public final class LocalPins implements LocalPinList {

    private final CallerResolver callers;
    private final Transactions transactions;
    private final ReadPins pins;
    private final MailboxSchema schema;

    @Inject
    LocalPins(CallerResolver callers, Transactions transactions, ReadPins pins, MailboxSchema schema) {
        this.callers = callers;
        this.transactions = transactions;
        this.pins = pins;
        this.schema = schema;
    }

    /**
     * @param role the role asking, or empty for the configured one
     * @return the pins' headers ({@code key, title, version, updated_by, updated_at, approved_by, body_sha256, ...})
     * @throws HookFailure when there is no role or the store cannot be read
     */
    @Override
    public List<Map<String, Object>> list(Optional<String> role) {
        return list(Principal.LOCAL_OWNER, role);
    }

    /**
     * The pins of a local session's channel, for a process that asked a shared server (ADR 41).
     *
     * @param session the asking process's principal: {@link Principal#LOCAL_OWNER} or an attached session's
     * @param role    the role asking, or empty for the session's configured one
     * @return as {@link #list(Optional)}
     * @throws HookFailure as {@link #list(Optional)}
     */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> list(Principal session, Optional<String> role) {
        try {
            schema.requireReadable();
            long channel = callers.local(session, role)
                    .orElse(refusal -> {
                        throw new HookFailure(HookFailure.Kind.SETUP, refusal.message());
                    })
                    .channelId();
            return transactions
                    .read(channel, pins::list)
                    .map(listed -> (List<Map<String, Object>>) listed.get("result"))
                    .orElse(refusal -> {
                        throw new HookFailure(
                                HookFailure.Kind.STORE, "the local mailbox store cannot be read: " + refusal.message());
                    });
        } catch (StorageException e) {
            throw new HookFailure(HookFailure.Kind.STORE, "the local mailbox store cannot be read: " + e.getMessage());
        }
    }
}
