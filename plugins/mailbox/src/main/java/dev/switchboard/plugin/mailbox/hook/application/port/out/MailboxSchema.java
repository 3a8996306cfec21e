package dev.switchboard.plugin.mailbox.hook.application.port.out;

/**
 * The mailbox's schema in the local store, checked before the counts' queries run: a {@code STORAGE} start (ADR 23)
 * applies no migration, so the store it opens may hold no mailbox tables (a server without the mailbox used it), or
 * another version of them. Implementations are thread-safe.
 */
public interface MailboxSchema {

    /**
     * Returns when the store's mailbox schema is the version the counts' queries are written for; once it was, later
     * calls read nothing.
     *
     * @throws HookFailure {@code STORE} naming why not: no mailbox schema, or an older or newer version
     * @throws dev.switchboard.ports.storage.StorageException if the store cannot be read
     */
    void requireReadable();
}
