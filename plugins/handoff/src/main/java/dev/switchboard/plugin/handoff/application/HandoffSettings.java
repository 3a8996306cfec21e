package dev.switchboard.plugin.handoff.application;

import java.util.Set;

import jakarta.inject.Inject;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.plugin.PluginSettings;

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
    /**
     * The highest content limit an operator may set: 4,000,000 bytes. A publish carries the content as a JSON string
     * inside one message, and JSON escaping can double ordinary text (quotes, backslashes, newlines); the doubled
     * content and the message around it still fit both transports' message limits (HTTP 8 MiB by default, stdio
     * 16 MiB). A higher limit would accept handoffs no transport can deliver.
     */
    public static final int MAX_MAX_BODY_BYTES = 4_000_000;

    static final String MAX_BODY_BYTES = "max-body-bytes";
    static final String ALLOW_SENSITIVE = "allow-sensitive";

    private final int maxBodyBytes;
    private final boolean allowSensitive;

    /**
     * @param context the plugin's context, holding its configuration subtree
     * @throws dev.switchboard.ports.plugin.InvalidSettingException if a setting is malformed or out of range
     */
    @Inject
    public HandoffSettings(PluginContext context) {
        PluginSettings settings = context.settings();
        settings.requireKnownKeys(Set.of(MAX_BODY_BYTES, ALLOW_SENSITIVE));
        this.maxBodyBytes = settings.integer(MAX_BODY_BYTES, DEFAULT_MAX_BODY_BYTES, 1, MAX_MAX_BODY_BYTES);
        this.allowSensitive = settings.flag(ALLOW_SENSITIVE, false);
    }

    /** @return the largest content accepted, in UTF-8 bytes */
    public int maxBodyBytes() {
        return maxBodyBytes;
    }

    /** @return whether the operator allows the secret guardrail to be overridden per call */
    public boolean allowSensitive() {
        return allowSensitive;
    }
}
