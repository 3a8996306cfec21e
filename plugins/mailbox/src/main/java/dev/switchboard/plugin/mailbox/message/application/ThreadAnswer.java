package dev.switchboard.plugin.mailbox.message.application;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.port.out.BodyRead;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code get_thread}'s answer: the thread ({@link GetThread}) oldest first as {@code {result: [...], provenance}}, where
 * the message the call names is shown whole and every other one as a listing shows it ({@link MessageView}: a body over
 * {@link MailboxLimits#LISTING_BODY_CHARS} characters cut by the database, with {@code body_cut}). The other entries
 * take at most {@link MailboxLimits#LISTING_BYTES} of JSON ({@link Listing#fitting}), taken nearest the named message
 * first (alternately the earlier and the later one), so what is shown is one unbroken run of the thread around it; when
 * some were left out, {@code truncated: {returned, thread_messages, max_bytes, earlier_message_id, later_message_id,
 * note}} names the nearest message left out on each side (null when none), whose own {@code get_thread} reads on. The
 * thread is walked without bodies; each body shown is read when its entry is built, so neither the walk nor the
 * entries left out hold one. The answer is thus at most one whole body (at most the 8 MiB message limit) plus 1 MiB
 * plus one cut entry. Thread-safe.
 */
@Singleton
public final class ThreadAnswer {

    private final Transactions transactions;
    private final GetThread threads;
    private final MessageStore messages;
    private final MessageView view;

    @Inject
    ThreadAnswer(Transactions transactions, GetThread threads, MessageStore messages, MessageView view) {
        this.transactions = transactions;
        this.threads = threads;
        this.messages = messages;
        this.view = view;
    }

    /**
     * @param id     the message to show whole, any message of the thread
     * @param caller   the caller's role
     * @param fields the projection of every entry
     * @return the answer described above, or NOT_FOUND for a message that does not exist or was deleted
     */
    public Outcome<Map<String, Object>> answer(long id, Caller caller, Projection fields) {
        return transactions.read(caller.channelId(), tx -> {
            String role = caller.role();
            return threads.thread(tx, id, BodyRead.NONE)
                    .then(thread -> Outcome.done(answer(tx, thread, id, role, fields)));
        });
    }

    private Map<String, Object> answer(Tx tx, List<Message> thread, long id, String role, Projection fields) {
        int named = 0;
        while (thread.get(named).id() != id) {
            named++;
        }
        BodyRead others = MessageView.bodiesFor(fields);
        Map<Integer, Map<String, Object>> entries = new HashMap<>();
        entries.put(named, entry(tx, thread.get(named), fields.wants("body") ? BodyRead.WHOLE : others, role, fields));
        Nearest nearest = new Nearest(thread.size(), named);
        List<Integer> taken = new ArrayList<>();
        Iterator<Map<String, Object>> rows = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return nearest.hasNext();
            }

            @Override
            public Map<String, Object> next() {
                int index = nearest.next();
                taken.add(index);
                Map<String, Object> entry = entry(tx, thread.get(index), others, role, fields);
                entries.put(index, entry);
                return entry;
            }
        };
        List<Map<String, Object>> fitted = Listing.fitting(rows, MailboxLimits.LISTING_BYTES);
        List<Integer> shown = taken.subList(0, fitted.size());
        int first = shown.stream().mapToInt(Integer::intValue).min().orElse(named);
        int last = shown.stream().mapToInt(Integer::intValue).max().orElse(named);
        first = Math.min(first, named);
        last = Math.max(last, named);
        List<Map<String, Object>> result = new ArrayList<>();
        for (int index = first; index <= last; index++) {
            result.add(entries.get(index));
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("result", result);
        if (Listing.wasCut(fitted)) {
            answer.put("truncated", truncated(thread, id, first, last));
        }
        answer.put(Untrusted.FIELD, Untrusted.NOTE);
        return answer;
    }

    private Map<String, Object> entry(Tx tx, Message walked, BodyRead bodies, String role, Projection fields) {
        Message message = bodies.equals(BodyRead.NONE)
                ? walked
                : messages.find(tx, walked.id(), bodies).orElseThrow();
        return view.wire(tx, message, role, fields);
    }

    private static Map<String, Object> truncated(List<Message> thread, long id, int first, int last) {
        Long earlier = first > 0 ? thread.get(first - 1).id() : null;
        Long later = last < thread.size() - 1 ? thread.get(last + 1).id() : null;
        Map<String, Object> truncated = new LinkedHashMap<>();
        truncated.put("returned", last - first + 1);
        truncated.put("thread_messages", thread.size());
        truncated.put("max_bytes", MailboxLimits.LISTING_BYTES);
        truncated.put("earlier_message_id", earlier);
        truncated.put("later_message_id", later);
        truncated.put(
                "note",
                "the thread has " + thread.size() + " messages; shown are message " + id + " whole and the "
                        + (last - first) + " nearest it (bodies over " + MailboxLimits.LISTING_BODY_CHARS
                        + " characters cut, see body_cut): with more the answer would pass its "
                        + MailboxLimits.LISTING_BYTES + "-byte cap. To read on, call get_thread with"
                        + (earlier == null ? "" : " message_id=" + earlier + " (the earlier ones)")
                        + (earlier != null && later != null ? " or" : "")
                        + (later == null ? "" : " message_id=" + later + " (the later ones)")
                        + "; fields=\"headers\" shows more of the thread at once, without bodies");
        return truncated;
    }

    /** The indices of a thread other than the named one, nearest it first: one earlier, one later, and so on. */
    private static final class Nearest implements Iterator<Integer> {

        private final int size;
        private int before;
        private int after;
        private boolean earlierNext = true;

        Nearest(int size, int named) {
            this.size = size;
            this.before = named - 1;
            this.after = named + 1;
        }

        @Override
        public boolean hasNext() {
            return before >= 0 || after < size;
        }

        @Override
        public Integer next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            boolean earlier = after >= size || (before >= 0 && earlierNext);
            earlierNext = !earlier;
            return earlier ? before-- : after++;
        }
    }
}
