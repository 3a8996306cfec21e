package dev.switchboard.plugin.mailbox.hosted.application.port.out;

/**
 * A live {@code mailbox_token} row (unrevoked, unexpired, its channel not deleted, its issuer unrevoked), with its
 * channel's name. Immutable; {@link #toString()} leaves the digest out.
 *
 * @param id            {@code token_id}
 * @param hash          the SHA-256 digest, 64 hex characters, to compare in constant time with the presented one
 * @param kind          {@link #ROLE} or {@link #VIEW}
 * @param channelId     the channel's id
 * @param channel       the channel's name
 * @param role          the role (a role token) or the label (a view key)
 * @param issuedBy      {@code owner} or the issuing role
 * @param issuedByToken the issuing role token's id, or null (the owner, or a role token itself)
 * @param lastUsedAt    when its use was last recorded, or null
 */
public record StoredCredential(
        long id,
        String hash,
        String kind,
        long channelId,
        String channel,
        String role,
        String issuedBy,
        Long issuedByToken,
        String lastUsedAt) {

    /** The kind of a role token. */
    public static final String ROLE = "role";

    /** The kind of a view key. */
    public static final String VIEW = "view";

    @Override
    public String toString() {
        return "StoredCredential[id=" + id + ", kind=" + kind + ", channel=" + channel + ", role=" + role + "]";
    }
}
