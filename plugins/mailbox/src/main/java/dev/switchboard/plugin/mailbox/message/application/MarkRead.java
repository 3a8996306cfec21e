package dev.switchboard.plugin.mailbox.message.application;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * {@code mark_read}: the only thing that marks a message read for its recipient. A batch is atomic: one id that does
 * not exist (or was deleted) or is not addressed to the caller ({@link Message#isAddressedTo}) refuses them all and
 * marks nothing. A message already read keeps its first {@code read_at}. Thread-safe.
 */
@Singleton
public final class MarkRead {

    private final RequestKeys requestKeys;
    private final MessageStore messages;

    @Inject
    MarkRead(RequestKeys requestKeys, MessageStore messages) {
        this.requestKeys = requestKeys;
        this.messages = messages;
    }

    /**
     * @param caller the recipient
     * @param call   the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param ids    the messages, in the order given
     * @param single whether one id was given ({@code message_id}): the answer is then {@code {id, read_at}}, else
     *               {@code {result: [{id, read_at}, ...]}} in that order
     * @return the answer; NOT_FOUND or FORBIDDEN for the first bad id
     */
    public Outcome<Map<String, Object>> mark(Caller caller, ToolCall call, List<Long> ids, boolean single) {
        return requestKeys.write(caller, call, tx -> {
            List<Long> unique = new ArrayList<>(new LinkedHashSet<>(ids));
            for (long id : unique) {
                Optional<Message> message = messages.find(tx, id).filter(found -> !found.isDeleted());
                if (message.isEmpty()) {
                    return Message.notFound(id).outcome();
                }
                if (!message.get().isAddressedTo(caller.role())) {
                    return Refusal.forbidden("message " + id + " is not addressed to you ('"
                                    + caller.role() + "'), so you cannot mark it read"
                                    + (unique.size() > 1
                                            ? "; nothing in this batch was marked. Leave it out and mark the others"
                                            : "; only its recipients can"))
                            .outcome();
                }
            }
            messages.markRead(tx, caller.role(), unique);
            List<Map<String, Object>> marked = new ArrayList<>();
            for (long id : unique) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("id", id);
                entry.put(
                        "read_at",
                        messages.find(tx, id)
                                .orElseThrow()
                                .recipient(caller.role())
                                .orElseThrow()
                                .readAt());
                marked.add(entry);
            }
            return Outcome.done(single ? marked.getFirst() : Map.of("result", marked));
        });
    }
}
