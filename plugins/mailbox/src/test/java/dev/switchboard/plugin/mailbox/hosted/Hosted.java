package dev.switchboard.plugin.mailbox.hosted;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.hosted.adapter.in.auth.HostedCredentialResolver;
import dev.switchboard.ports.auth.PresentedCredential;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.ToolResults;

/**
 * What the hosted tests share, on a {@link MailboxHarness} without a stdio role: the owner token's principal, calls as
 * a principal, and resolving a token through the plugin's own credential resolver as the kernel would.
 */
final class Hosted {

    /** The principal the kernel's owner token resolves to over HTTP. */
    static final Principal OWNER = new Principal("owner", Principal.Kind.OWNER, Map.of());

    private final MailboxHarness harness;

    Hosted(MailboxHarness harness) {
        this.harness = harness;
    }

    ToolResult call(Principal caller, String tool, Map<String, Object> arguments) {
        return harness.callAs(caller, tool, arguments);
    }

    Map<String, Object> ok(Principal caller, String tool, Map<String, Object> arguments) {
        return ToolResults.success(call(caller, tool, arguments), tool, arguments)
                .structuredContent();
    }

    ToolResult.Failure refused(Principal caller, String tool, Map<String, Object> arguments, String code) {
        return ToolResults.failure(call(caller, tool, arguments), tool, arguments, code);
    }

    /** @return the role tokens of a new channel, by role */
    @SuppressWarnings("unchecked")
    Map<String, String> create(String channel, String... roles) {
        return (Map<String, String>)
                ok(OWNER, "create_channel", MailboxHarness.args("name", channel, "roles", List.of(roles)))
                        .get("tokens");
    }

    /** @return what the kernel's authentication would make of the token, through the plugin's resolver */
    Optional<Principal> resolve(String token) {
        int underscore = token.indexOf('_');
        String prefix = underscore >= 0 && underscore < 8 ? token.substring(0, underscore + 1) : "";
        return harness.injector()
                .getInstance(HostedCredentialResolver.class)
                .resolve(new PresentedCredential(prefix, sha256(token)));
    }

    Principal principal(String token) {
        return resolve(token).orElseThrow(() -> new AssertionError("the token does not resolve"));
    }

    static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
