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

    /**
     * A key below a setting that takes a value, not keys ({@code kernel.state-dir.foo}, set by
     * {@code SWITCHBOARD_KERNEL__STATE_DIR__FOO} or by a mapping in the file): refused like any unknown key, since it
     * would turn the setting's value into a mapping.
     *
     * @param key     the full dotted key, such as {@code kernel.state-dir.foo}
     * @param origin  where it was set, as {@link ConfigOrigins#of} words it
     * @param setting the setting it is below, such as {@code kernel.state-dir}
     * @return the exception, whose message is one line naming both
     */
    public static UnknownSettingException belowSetting(String key, String origin, String setting) {
        return new UnknownSettingException(
                "unknown key " + key + " " + origin + "; " + setting + " is a single setting, with no keys below it");
    }
}
