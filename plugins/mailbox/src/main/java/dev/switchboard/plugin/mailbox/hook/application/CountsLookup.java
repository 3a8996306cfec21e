package dev.switchboard.plugin.mailbox.hook.application;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.LocalCounts;
import dev.switchboard.plugin.mailbox.hook.application.port.out.RemoteCounts;
import dev.switchboard.plugin.mailbox.hook.application.port.out.TokenSource;
import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;
import dev.switchboard.plugin.mailbox.hook.domain.ServerUrl;

/**
 * One role's actionable counts for the hooks and the status CLI: from the hosted server's {@code /hook-status} when a
 * URL is configured (remote mode), else from the local store ({@link LocalCounts}: the code {@code channel_status}
 * counts with, through the plugin's storage or the direct path's read-only connection; on the plugin's storage
 * followed by the other features' counters of this session, {@link FeatureCounts}: handoff's
 * {@code handoffs_pending}, not in remote mode, where {@code /hook-status} answers for the token's role alone). The
 * local store is reached only in local mode. Thread-safe.
 */
@Singleton
public final class CountsLookup {

    /**
     * What a lookup found.
     *
     * @param counts      the counts, or empty when no role is known (local mode without a role)
     * @param snapshotKey the stop hook's snapshot key for this role and source ({@code <channel>-<role>} locally,
     *                    {@code <8 hex of sha256(url + token)>-<role>} remotely), or {@code unknown} without a role
     * @param remote      whether the counts came from a hosted server
     */
    public record Found(Optional<RoleCounts> counts, String snapshotKey, boolean remote) {}

    private final HookSettings settings;
    private final LocalCounts local;
    private final RemoteCounts server;
    private final TokenSource tokens;

    /**
     * @param settings where to read (local or remote)
     * @param local    the local store's counts (the plugin's storage, or the direct path's read-only connection)
     * @param server   the hosted server's
     * @param tokens   the token file's reader
     */
    @Inject
    public CountsLookup(HookSettings settings, LocalCounts local, RemoteCounts server, TokenSource tokens) {
        this.settings = settings;
        this.local = local;
        this.server = server;
        this.tokens = tokens;
    }

    /** @return whether a hosted server's URL is configured (remote mode) */
    public boolean isRemote() {
        return settings.url().isPresent();
    }

    /**
     * @param role the role asked for ({@code --role}) in local mode, or empty for the configured one; in remote mode
     *             the token names the role, and a given role that is not the token's is refused ({@code SETUP})
     * @return the counts
     * @throws HookFailure what failed (never holding a token)
     */
    public Found lookup(Optional<String> role) {
        if (settings.url().isPresent()) {
            return ofTokenRole(remote(settings.url().get(), (base, token) -> server.fetch(base, token)), role);
        }
        Optional<RoleCounts> found = local.of(role);
        return new Found(found, found.map(c -> c.channel() + "-" + c.role()).orElse("unknown"), false);
    }

    /**
     * @param reason why the store could not be read
     * @return the failure's message for an unreadable local store, naming {@code switchboard serve}
     */
    public static String unreadableStore(String reason) {
        return "the local mailbox store cannot be read (" + reason + "); has `switchboard serve` run on it once?";
    }

    /**
     * A long poll of the counts: remotely {@code GET /status?wait=waitS} ({@link RemoteCounts#poll}: the answer comes
     * at once when something is actionable, else when something becomes actionable or the wait is over; only the
     * non-zero counters are sent); locally the store is read at once, as {@link #lookup} does.
     *
     * @param role  as for {@link #lookup}
     * @param waitS how long a hosted server may hold the request, seconds, {@code 0..50}
     * @return the counts
     * @throws HookFailure what failed (never holding a token)
     */
    public Found poll(Optional<String> role, int waitS) {
        if (settings.url().isPresent()) {
            return ofTokenRole(remote(settings.url().get(), (base, token) -> server.poll(base, token, waitS)), role);
        }
        return lookup(role);
    }

    /**
     * @return the pins of the remote token's channel ({@link RemoteCounts#pins})
     * @throws HookFailure what failed, {@code SETUP} in local mode (never holding a token)
     */
    public List<Map<String, Object>> remotePins() {
        String configuredUrl = settings.url()
                .orElseThrow(() -> new HookFailure(HookFailure.Kind.SETUP, "no server URL is configured"));
        return server.pins(base(configuredUrl), token());
    }

    private Found remote(String configuredUrl, BiFunction<URI, String, RoleCounts> ask) {
        URI base = base(configuredUrl);
        String token = token();
        RoleCounts found = ask.apply(base, token);
        return new Found(Optional.of(found), digest(base + token) + "-" + found.role(), true);
    }

    /** @return the found counts, when the role asked for (if any) is the token's */
    private static Found ofTokenRole(Found found, Optional<String> role) {
        String tokenRole = found.counts().map(RoleCounts::role).orElse("");
        if (role.isPresent() && !role.get().equals(tokenRole)) {
            throw new HookFailure(
                    HookFailure.Kind.SETUP,
                    "--role " + ClientText.quoted(role.get()) + " is not the role of the configured token ("
                            + tokenRole + "); in remote mode the token names the role: leave --role out or use"
                            + " that role's token file");
        }
        return found;
    }

    private static URI base(String configuredUrl) {
        URI base;
        try {
            base = ServerUrl.parse(configuredUrl);
        } catch (IllegalArgumentException e) {
            throw new HookFailure(HookFailure.Kind.SETUP, e.getMessage());
        }
        return base;
    }

    private String token() {
        String token = settings.tokenFile()
                .map(tokens::read)
                .or(settings::token)
                .orElseThrow(() -> new HookFailure(
                        HookFailure.Kind.SETUP,
                        "a server URL is configured but no role token: set " + HookSettings.TOKEN_FILE_ALIAS
                                + " (or plugins.mailbox.remote-token-file) to a file holding it"));
        if (!isOneToken(token)) {
            // checked before any request is built: an HTTP header refusing the value would echo it
            throw new HookFailure(
                    HookFailure.Kind.SETUP,
                    "the role token is not one token: it holds white space, a line break or a character outside"
                            + " printable ASCII (a token file holds the token alone, on one line)");
        }
        return token;
    }

    /** @return whether the token is one run of printable ASCII, as every Switchboard and original token is */
    static boolean isOneToken(String token) {
        return !token.isEmpty() && token.chars().allMatch(c -> c > 0x20 && c < 0x7f);
    }

    /**
     * @param text any text
     * @return the first 8 hex digits of its SHA-256, a file-name-safe word
     */
    public static String shortDigest(String text) {
        return digest(text);
    }

    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
