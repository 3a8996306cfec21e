package dev.switchboard.plugin.mailbox.orientation.application;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.orientation.domain.MailboxRelease;
import dev.switchboard.plugin.mailbox.orientation.domain.WhatsNewEntry;

/**
 * {@code server_build}: what the running mailbox is: its build label, Switchboard's version (written into the plugin
 * jar by the build), every {@code whats_new} entry, and what this build ships and deliberately does not. Immutable
 * after construction; thread-safe.
 */
@Singleton
public final class ServerBuild {

    private static final String PROPERTIES = "/dev/switchboard/plugin/mailbox/orientation/build.properties";

    private final String version;

    /** Reads the version once. */
    public ServerBuild() {
        try (InputStream in = ServerBuild.class.getResourceAsStream(PROPERTIES)) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            version = properties.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + PROPERTIES + " from the mailbox plugin's jar", e);
        }
    }

    /** @return Switchboard's version, such as {@code 0.1.0}, or {@code unknown} outside a built jar */
    public String version() {
        return version;
    }

    /** @return the build's facts as sent */
    public Map<String, Object> facts() {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("build", MailboxRelease.BUILD);
        facts.put("version", version);
        facts.put("protocol_contract", "docs/mailbox-protocol.md, served by get_protocol");
        facts.put(
                "whats_new",
                MailboxRelease.WHATS_NEW.stream().map(WhatsNewEntry::toWire).toList());
        facts.put(
                "shipped",
                List.of(entry(
                        "id",
                        "issue-13",
                        "shipped_at",
                        "2026-12-01",
                        "what",
                        "the mailbox in Switchboard: ai-agent-channel's channel tools on one machine, on SQLite or"
                                + " PostgreSQL, with request keys, several blockers, presence and waits woken by change"
                                + " signals")));
        facts.put(
                "not_shipped",
                List.of(
                        entry(
                                "id",
                                "hosted-channels",
                                "why",
                                "channels served over HTTP with one token per role, their management tools and the"
                                        + " board are the next issue; this build serves the local channel"),
                        entry(
                                "id",
                                "hooks-and-status-cli",
                                "why",
                                "the original's stop and session hooks and its status command are not part of"
                                        + " Switchboard yet; channel_status and wait_for_mail give the same"
                                        + " counters")));
        facts.put(
                "source",
                "shipped and not_shipped are keyed by the issue or feature they answer; whats_new says the same in"
                        + " terms of what to do differently");
        return facts;
    }

    private static Map<String, Object> entry(String... pairs) {
        Map<String, Object> entry = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            entry.put(pairs[i], pairs[i + 1]);
        }
        return entry;
    }
}
