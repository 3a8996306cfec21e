package dev.switchboard.plugin.handoff.application;

/**
 * A setting under {@code plugins.handoff} is malformed. Thrown while the plugin starts, so the kernel marks the plugin
 * failed with this message and keeps serving the others.
 */
public class InvalidHandoffSettingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param key      the setting's key under {@code plugins.handoff}
     * @param value    the value found
     * @param expected what it should be
     */
    public InvalidHandoffSettingException(String key, String value, String expected) {
        super("invalid setting plugins.handoff." + key + " = '" + value + "': expected " + expected);
    }
}
