package dev.switchboard.plugin.mailbox.work.application;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.MessageView;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.work.domain.DebtAge;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;

/**
 * A listing of debts as the message capability shows messages, each with {@code age_days} and {@code idle_days} as of
 * the transaction's time, in the {@code {result, truncated, generated_at}} envelope and with the provenance note.
 * Thread-safe.
 */
@Singleton
public final class DebtListing {

    private final MessageStore messages;
    private final MessageView view;

    @Inject
    DebtListing(MessageStore messages, MessageView view) {
        this.messages = messages;
        this.view = view;
    }

    /**
     * @param tx     the transaction
     * @param viewer the role the entries are shown to (its addendum, its read state)
     * @param debts  every matching debt, in the order to list
     * @param limit  how many to return, 1..1000
     * @param fields the projection
     * @param stamped whether the listing says when it was true ({@code generated_at}, as the original's
     *                open_obligations does)
     * @return the listing
     */
    public Map<String, Object> of(
            Tx tx, String viewer, List<WorkFacts> debts, int limit, Projection fields, boolean stamped) {
        List<WorkFacts> page = debts.subList(0, Math.min(limit, debts.size()));
        Map<Long, Message> byId =
                messages.findAll(tx, page.stream().map(WorkFacts::id).toList(), MessageView.bodiesFor(fields)).stream()
                        .collect(Collectors.toMap(Message::id, Function.identity()));
        Stream<Map<String, Object>> rows = page.stream()
                .filter(debt -> byId.containsKey(debt.id()))
                .map(debt -> {
                    Map<String, Object> row = view.wire(tx, byId.get(debt.id()), viewer, fields);
                    if (fields.wants("age_days")) {
                        row.put("age_days", DebtAge.ageDays(debt, tx.now()));
                    }
                    if (fields.wants("idle_days")) {
                        row.put("idle_days", DebtAge.idleDays(debt, tx.now()));
                    }
                    return row;
                });
        Map<String, Object> listing = Listing.of(rows, limit, debts.size() > limit, stamped ? tx.now() : null);
        listing.put(Untrusted.FIELD, Untrusted.NOTE);
        return listing;
    }
}
