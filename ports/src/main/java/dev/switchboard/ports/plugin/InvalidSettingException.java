package dev.switchboard.ports.plugin;

/**
 * A plugin setting is malformed or out of range. Thrown while a plugin starts (reading its {@link PluginSettings}),
 * so the kernel marks that plugin failed with this message, reports it in {@code switchboard doctor} and
 * {@code server_info}, logs it as one line (it is the operator's to fix, not a bug), and keeps serving the others.
 * The message has the form {@code invalid setting plugins.<id>.<key> = '<value>': expected <shape>}.
 */
public class InvalidSettingException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String key;
    private final String value;
    private final String expected;

    /**
     * @param key      the full key, such as {@code plugins.handoff.max-body-bytes}
     * @param value    the value found, as text
     * @param expected what the value should be, such as {@code a whole number from 1 to 10}
     */
    public InvalidSettingException(String key, String value, String expected) {
        super("invalid setting " + key + " = '" + value + "': expected " + expected);
        this.key = key;
        this.value = value;
        this.expected = expected;
    }

    /** @return the full key, such as {@code plugins.handoff.max-body-bytes} */
    public String key() {
        return key;
    }

    /** @return the value found, as text */
    public String value() {
        return value;
    }

    /** @return what the value should be */
    public String expected() {
        return expected;
    }
}
