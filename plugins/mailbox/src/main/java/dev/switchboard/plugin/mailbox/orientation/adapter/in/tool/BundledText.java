package dev.switchboard.plugin.mailbox.orientation.adapter.in.tool;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** A text file the plugin jar carries next to the orientation classes, read once. */
final class BundledText {

    private BundledText() {}

    /**
     * @param name the file's name in {@code dev/switchboard/plugin/mailbox/orientation/}
     * @return its UTF-8 text
     * @throws IllegalStateException if the jar lacks it (a broken build)
     */
    static String read(String name) {
        String path = "/dev/switchboard/plugin/mailbox/orientation/" + name;
        try (InputStream in = BundledText.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " is missing from the mailbox plugin's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + " from the mailbox plugin's jar", e);
        }
    }
}
