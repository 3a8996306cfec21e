package dev.switchboard.plugin.archfixture.library;

/** A library's public API under {@code dev.switchboard.plugin} with no plugin class: not a plugin's adapter. */
public final class LibraryApi {

    /**
     * Serves.
     *
     * @return the answer
     */
    public String serve() {
        return "served";
    }
}
