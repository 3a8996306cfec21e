package dev.switchboard.plugin.mailbox.hosted.application;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.MailboxSettingKeys;
import dev.switchboard.plugin.mailbox.hosted.domain.HostedLimits;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;

/**
 * The hosted channels' settings under {@code plugins.mailbox}: {@code view-key-ttl-days} (a view key's lifetime,
 * {@value HostedLimits#VIEW_KEY_TTL_DAYS_DEFAULT} by default, {@value HostedLimits#VIEW_KEY_TTL_DAYS_MIN}..
 * {@value HostedLimits#VIEW_KEY_TTL_DAYS_MAX}; the original's {@code AI_AGENT_CHANNEL_VIEW_KEY_TTL_DAYS}) and
 * {@code public-url} (the {@code http(s)://host[:port]} clients reach the server at, put before board links' paths;
 * empty by default: links are then paths). Read once; immutable.
 */
@Singleton
public final class HostedSettings {

    private final Duration viewKeyLifetime;
    private final String publicUrl;

    /** @throws InvalidSettingException if a value is out of range or not an http(s) URL without a path */
    @Inject
    HostedSettings(PluginContext context) {
        int days = context.settings()
                .integer(
                        MailboxSettingKeys.VIEW_KEY_TTL_DAYS,
                        HostedLimits.VIEW_KEY_TTL_DAYS_DEFAULT,
                        HostedLimits.VIEW_KEY_TTL_DAYS_MIN,
                        HostedLimits.VIEW_KEY_TTL_DAYS_MAX);
        this.viewKeyLifetime = Duration.ofDays(days);
        String url = context.settings().text(MailboxSettingKeys.PUBLIC_URL, "").strip();
        while (url.endsWith("/")) {
            url = url.substring(0, url.length() - 1);
        }
        if (!url.isEmpty() && !isBaseUrl(url)) {
            throw context.settings()
                    .invalid(MailboxSettingKeys.PUBLIC_URL, url, "an http:// or https:// URL without a path or query");
        }
        this.publicUrl = url;
    }

    /** For tests. */
    public HostedSettings(Duration viewKeyLifetime, String publicUrl) {
        this.viewKeyLifetime = viewKeyLifetime;
        this.publicUrl = publicUrl;
    }

    /** @return how long a new view key lives */
    public Duration viewKeyLifetime() {
        return viewKeyLifetime;
    }

    /** @return the base URL of board links without a trailing slash, or {@code ""} */
    public String publicUrl() {
        return publicUrl;
    }

    private static boolean isBaseUrl(String url) {
        try {
            URI uri = new URI(url);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
                    && uri.getHost() != null
                    && (uri.getRawPath() == null || uri.getRawPath().isEmpty())
                    && uri.getRawQuery() == null
                    && uri.getRawFragment() == null;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
