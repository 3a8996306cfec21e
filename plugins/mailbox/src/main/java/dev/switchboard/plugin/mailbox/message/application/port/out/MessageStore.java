package dev.switchboard.plugin.mailbox.message.application.port.out;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.channel.domain.Message;

/** The messages of the transaction's channel ({@code mailbox_message}, {@code mailbox_recipient}). */
public interface MessageStore {

    /**
     * @param id a message id
     * @return the message, deleted ones (tombstones) included: callers decide what a tombstone means to them
     */
    default Optional<Message> find(Tx tx, long id) {
        return find(tx, id, BodyRead.WHOLE);
    }

    /** @return the messages with these ids that exist, tombstones included, in id order */
    default List<Message> findAll(Tx tx, Collection<Long> ids) {
        return findAll(tx, ids, BodyRead.WHOLE);
    }

    /**
     * @param bodies how much of each body to load
     * @return the messages with these ids that exist, tombstones included, in id order
     */
    List<Message> findAll(Tx tx, Collection<Long> ids, BodyRead bodies);

    /**
     * @param bodies how much of the body to load
     * @return as {@link #find(Tx, long)}
     */
    Optional<Message> find(Tx tx, long id, BodyRead bodies);

    /** @return every role that has sent or received a message in the channel (the stdio roster) */
    Set<String> knownRoles(Tx tx);

    /**
     * Which of these names are roles of the channel (have sent or received a message), without reading every role: a
     * name that has received one is found through the recipients' index; only the others are looked for as senders.
     *
     * @param names role names
     * @return those of them that are known
     */
    Set<String> knownAmong(Tx tx, Collection<String> names);

    /**
     * The channel's roster and which of these names are its roles, read together: one statement for up to 8 names
     * (then as {@code Channels.roster} and {@link #knownAmong} apart), where a send read the roster and then each
     * name's rows one statement at a time.
     *
     * @param names role names (the sender and the recipients named), at least one
     * @return the roster (empty for a local channel) and the known names among {@code names}
     */
    Addressees addressees(Tx tx, List<String> names);

    /**
     * @param role a role name
     * @return whether it has acted in the channel: sent a message, voted, appears in the audit as an actor, or
     *     uploaded (a role that has only been addressed has not)
     */
    boolean hasActed(Tx tx, String role);

    /**
     * Takes a role off the channel's roster: deletes its recipient rows (its read state) and its presence.
     *
     * @param role a role that has not acted ({@link #hasActed})
     * @return the ids of the messages it was a recipient of, ascending
     */
    List<Long> removeRole(Tx tx, String role);

    /**
     * Stores a message with the channel's next id, its recipients (unread, unopened) and status {@code open} when it
     * is a debt.
     *
     * @return the new message as stored (built from the values written: every recipient unread and unopened, sorted
     *     by role; no blockers)
     */
    Message insert(Tx tx, NewMessage message);

    /**
     * The digest of a message's whole body, read from the database in parts of at most a mebi-character, so that a
     * listing that shows a cut body still gives the whole one's digest without holding it.
     *
     * @param id a message id of the transaction's channel
     * @return the digest of its body; that of an empty body when there is no such message
     */
    Digest bodyDigest(Tx tx, long id);

    /**
     * @param role       the caller
     * @param unreadOnly only messages the role has not marked read
     * @param limit      the most to return, 1 and up
     * @param bodies     how much of each body to load
     * @return the live messages addressed to the role, newest first
     */
    List<Message> inbox(Tx tx, String role, boolean unreadOnly, int limit, BodyRead bodies);

    /**
     * @param filter the filters
     * @param limit  the most to return
     * @return live messages matching every filter, newest first
     */
    default List<Message> list(Tx tx, ListFilter filter, int limit) {
        return list(tx, filter, limit, BodyRead.WHOLE);
    }

    /**
     * @param bodies how much of each body to load
     * @return as {@link #list(Tx, ListFilter, int)}
     */
    List<Message> list(Tx tx, ListFilter filter, int limit, BodyRead bodies);

    /** @return the messages that reply to any of these, tombstones included, in id order */
    default List<Message> replies(Tx tx, Collection<Long> parents) {
        return replies(tx, parents, BodyRead.WHOLE);
    }

    /**
     * @param bodies how much of each body to load
     * @return as {@link #replies(Tx, Collection)}
     */
    List<Message> replies(Tx tx, Collection<Long> parents, BodyRead bodies);

    /** Sets {@code read_at} (and {@code opened_at} when unset) to now for the role's unread rows of these messages. */
    void markRead(Tx tx, String role, Collection<Long> ids);

    /** Makes the message a tombstone ({@code deleted_at} = now). */
    void delete(Tx tx, long id);

    /** @return live messages (neither deleted nor superseded) whose {@code about_message_id} is one of {@code targets} (nudges about them), ascending */
    List<Long> liveNudgesAbout(Tx tx, Collection<Long> targets);

    /** Retires a message: {@code superseded_at} = the transaction's time. */
    void markSuperseded(Tx tx, long id);

    /**
     * An open round on a pin key: a live proposal for it that is not a nudge (no {@code about_message_id}), not retired, has not approved a pin version, and
     * has no {@code void} from a member of its electorate (its declared voters, else any role but its author) since
     * its last revision.
     *
     * @return the open rounds' ids, oldest first
     */
    List<Long> openRounds(Tx tx, String pinKey);

    /** @return whether the message is the {@code approved_by} of a pin version */
    boolean approvedAPin(Tx tx, long id);

    /** Replaces topic and body of a message on the same id and sets {@code revised_at} to now. */
    void revise(Tx tx, long id, String topic, String body, Long bodyRef);

    /** @return how many acknowledgements the message has (all of them are quenched by a revision now) */
    int votes(Tx tx, long id);

    /**
     * An upload as a body source.
     *
     * @param owner  who uploaded it
     * @param sealed whether it is sealed (only then may it be a body_ref)
     * @param body   its text
     */
    record Upload(String owner, boolean sealed, String body) {}

    /** @return the channel's upload with this id */
    Optional<Upload> upload(Tx tx, long id);

    /** Sets {@code opened_at} to now for the role's recipient rows of these messages that have none yet. */
    void markOpened(Tx tx, String role, Collection<Long> ids);
}
