package dev.switchboard.plugin.mailbox.hosted.domain;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.ports.tool.Refusal;

/**
 * Names in the hosted registry (§1C.2 create_channel): a channel and each of its roles is a slug
 * {@code ^[a-z0-9][a-z0-9_-]{0,63}$}; a channel has {@value MailboxLimits#ROLES_MIN}..{@value MailboxLimits#ROLES_MAX}
 * distinct roles. Stateless.
 */
public final class Slugs {

    /** The slug pattern of channel and role names. */
    public static final Pattern SLUG = Pattern.compile("^[a-z0-9][a-z0-9_-]{0,63}$");

    private Slugs() {}

    /**
     * @param field the argument's name, for the refusal
     * @param value a proposed name
     * @return why it is not a slug, or empty
     */
    public static Optional<Refusal> check(String field, String value) {
        if (value != null && SLUG.matcher(value).matches()) {
            return Optional.empty();
        }
        return Optional.of(Refusal.invalid(
                field,
                ClientText.quoted(value)
                        + " is not a slug: a lower-case letter or digit, then up to 63 lower-case letters,"
                        + " digits, '_' or '-'"));
    }

    /**
     * @param roles a new channel's roles
     * @return why they cannot be a channel's roles (fewer than 2, more than 12, a duplicate, a non-slug), or empty
     */
    public static Optional<Refusal> roster(List<String> roles) {
        if (roles.size() < MailboxLimits.ROLES_MIN || roles.size() > MailboxLimits.ROLES_MAX) {
            return Optional.of(Refusal.invalid(
                    "roles",
                    "a channel has " + MailboxLimits.ROLES_MIN + " to " + MailboxLimits.ROLES_MAX + " roles; "
                            + roles.size() + " were given"));
        }
        Set<String> seen = new HashSet<>();
        for (String role : roles) {
            Optional<Refusal> slug = check("roles", role);
            if (slug.isPresent()) {
                return slug;
            }
            if (!seen.add(role)) {
                return Optional.of(
                        Refusal.invalid("roles", ClientText.quoted(role) + " is listed twice; each role once"));
            }
        }
        return Optional.empty();
    }
}
