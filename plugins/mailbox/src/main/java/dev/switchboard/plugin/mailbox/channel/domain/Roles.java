package dev.switchboard.plugin.mailbox.channel.domain;

import java.util.regex.Pattern;

/** What a role name is. Stateless. */
public final class Roles {

    /** A role: a letter or digit, then letters, digits, {@code _ . -}; at most 64 characters. */
    public static final Pattern NAME = Pattern.compile("^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$");

    /** The address that stands for every other role. */
    public static final String EVERYONE = "*";

    private Roles() {}

    /** @return whether {@code name} is a role name */
    public static boolean isName(String name) {
        return name != null && NAME.matcher(name).matches();
    }
}
