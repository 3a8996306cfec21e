package com.example.hello.domain;

import java.util.Locale;

/** What the plugin says to a name, as a tool result and as an HTTP answer. JDK only. */
public final class Greeting {

    private Greeting() {}

    /**
     * @param name  who is greeted, not blank
     * @param shout whether to say it in capitals
     * @return {@code Hello, <name>!}
     */
    public static String of(String name, boolean shout) {
        String greeting = "Hello, " + name.strip() + "!";
        return shout ? greeting.toUpperCase(Locale.ROOT) : greeting;
    }
}
