package dev.switchboard.kernel.config;

/**
 * A configuration key in the file, or a {@code SWITCHBOARD_*} environment variable, that names no known setting (a
 * typo, which must never fall back to a default). The message is one line: the key, where it was set, and the
 * closest known key ("did you mean ..."). Commands refuse to start on it with exit status 2.
 */
public final class UnknownSettingException extends ConfigException {

    private static final long serialVersionUID = 1L;

    /** @param message the key, where it was set, and the closest known key */
    public UnknownSettingException(String message) {
        super(message);
    }
}
