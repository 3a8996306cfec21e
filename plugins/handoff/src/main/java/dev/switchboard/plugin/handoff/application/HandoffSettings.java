package dev.switchboard.plugin.handoff.application;

import java.util.Locale;

import jakarta.inject.Inject;

import dev.switchboard.ports.plugin.PluginContext;

/**
 * The operator's settings for this plugin, from {@code plugins.handoff} in {@code application.yaml} (or
 * {@code SWITCHBOARD_PLUGINS__HANDOFF__*} variables), read once when the plugin's extensions are built. Immutable.
 *
 * <ul>
 *   <li>{@code max-body-bytes}: the largest handoff content, in UTF-8 bytes; default {@value #DEFAULT_MAX_BODY_BYTES},
 *       allowed 1..{@value #MAX_MAX_BODY_BYTES}. Content of exactly this size is accepted.</li>
 *   <li>{@code allow-sensitive}: {@code true} lets a publish call with {@code allow_sensitive: true} store content in
 *       which the secret scanner found something; default {@code false}. Both halves are needed.</li>
 * </ul>
 */
public final class HandoffSettings {

    /** The default content limit: 256 KiB. */
    public static final int DEFAULT_MAX_BODY_BYTES = 262_144;
    /** The highest content limit an operator may set: 16 MiB. */
    public static final int MAX_MAX_BODY_BYTES = 16_777_216;

    static final String MAX_BODY_BYTES = "max-body-bytes";
    static final String ALLOW_SENSITIVE = "allow-sensitive";

    private final int maxBodyBytes;
    private final boolean allowSensitive;

    /**
     * @param context the plugin's context, holding its configuration subtree
     * @throws InvalidHandoffSettingException if a setting is malformed or out of range
     */
    @Inject
    public HandoffSettings(PluginContext context) {
        this.maxBodyBytes = context.setting(MAX_BODY_BYTES).map(String::strip)
                .map(HandoffSettings::parseLimit).orElse(DEFAULT_MAX_BODY_BYTES);
        this.allowSensitive = context.setting(ALLOW_SENSITIVE).map(String::strip)
                .map(HandoffSettings::parseFlag).orElse(false);
    }

    /** @return the largest content accepted, in UTF-8 bytes */
    public int maxBodyBytes() {
        return maxBodyBytes;
    }

    /** @return whether the operator allows the secret guardrail to be overridden per call */
    public boolean allowSensitive() {
        return allowSensitive;
    }

    private static int parseLimit(String value) {
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= 1 && parsed <= MAX_MAX_BODY_BYTES) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below with the expected shape
        }
        throw new InvalidHandoffSettingException(MAX_BODY_BYTES, value,
                "a whole number of bytes from 1 to " + MAX_MAX_BODY_BYTES);
    }

    private static boolean parseFlag(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidHandoffSettingException(ALLOW_SENSITIVE, value, "true or false");
        };
    }
}
