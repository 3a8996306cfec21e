package dev.switchboard.plugin.handoff.application;

import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.domain.ProjectKey;
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
 *   <li>{@code consumer} and {@code project}: the handoff consumer (such as {@code librarian}, the shape
 *       {@code frontispice_advance_cursor} takes) and the project (normalised to its key) this process's session
 *       reads for; both or neither. With them, the handoffs past that consumer's cursor count as
 *       {@code handoffs_pending} in the mailbox's {@code status} and stop hook (ADR 28).</li>
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
    static final String CONSUMER = "consumer";
    static final String PROJECT = "project";

    /** A consumer's name, as {@code frontispice_advance_cursor} accepts it. */
    private static final Pattern CONSUMER_NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");

    /**
     * The session this process serves as a handoff consumer. Immutable.
     *
     * @param consumer the consumer's name
     * @param project  the project's canonical key
     */
    public record ConsumerSession(String consumer, ProjectKey project) {}

    private final int maxBodyBytes;
    private final boolean allowSensitive;
    private final Optional<ConsumerSession> session;

    /**
     * @param context the plugin's context, holding its configuration subtree
     * @throws dev.switchboard.ports.plugin.InvalidSettingException if a setting is malformed or out of range
     */
    @Inject
    public HandoffSettings(PluginContext context) {
        PluginSettings settings = context.settings();
        settings.requireKnownKeys(Set.of(MAX_BODY_BYTES, ALLOW_SENSITIVE, CONSUMER, PROJECT));
        this.maxBodyBytes = settings.integer(MAX_BODY_BYTES, DEFAULT_MAX_BODY_BYTES, 1, MAX_MAX_BODY_BYTES);
        this.allowSensitive = settings.flag(ALLOW_SENSITIVE, false);
        this.session = session(settings);
    }

    private static Optional<ConsumerSession> session(PluginSettings settings) {
        String consumer = settings.text(CONSUMER, "");
        String project = settings.text(PROJECT, "");
        if (consumer.isEmpty() && project.isEmpty()) {
            return Optional.empty();
        }
        if (consumer.isEmpty()) {
            throw settings.invalid(CONSUMER, "", "the consumer whose cursor to count, set with " + PROJECT);
        }
        if (project.isEmpty()) {
            throw settings.invalid(PROJECT, "", "the project to count for, set with " + CONSUMER);
        }
        if (!CONSUMER_NAME.matcher(consumer).matches()) {
            throw settings.invalid(CONSUMER, consumer, "a consumer name matching " + CONSUMER_NAME.pattern());
        }
        ProjectKey key = ProjectKey.normalize(project)
                .orElseThrow(() -> settings.invalid(PROJECT, project, "a project name: " + ProjectKey.RULE));
        return Optional.of(new ConsumerSession(consumer, key));
    }

    /** @return the largest content accepted, in UTF-8 bytes */
    public int maxBodyBytes() {
        return maxBodyBytes;
    }

    /** @return the consumer and project this process's session reads for, when both are configured */
    public Optional<ConsumerSession> consumerSession() {
        return session;
    }

    /** @return whether the operator allows the secret guardrail to be overridden per call */
    public boolean allowSensitive() {
        return allowSensitive;
    }
}
