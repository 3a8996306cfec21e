package dev.switchboard.plugin.mailbox.wait.adapter.in.tool;

import java.util.Map;
import java.util.function.Function;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.hosted.application.HeldCredentials;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * Runs a wait that ends as soon as the caller's role token is revoked ({@code rotate_token} of its role,
 * {@code delete_channel}; {@link HeldCredentials}), as {@code /status?wait} does, instead of at its deadline. The
 * revoked wait answers FORBIDDEN; over HTTP the transport looks the token up again before writing any held answer and
 * answers its own FORBIDDEN error instead (ADR 27), so nothing the wait read reaches the old token's holder. Stateless.
 */
final class HeldWait {

    private static final Refusal REVOKED =
            Refusal.of(ErrorCode.FORBIDDEN, "this wait's role token was rotated or revoked, or its channel deleted");

    private HeldWait() {}

    /**
     * @param credentials watches the caller's token
     * @param call        the tool call (its principal and cancellation)
     * @param caller      who waits
     * @param wait        the wait, given the cancellation to honour: the call's, or the token's revocation
     * @return the wait's answer, or FORBIDDEN when the token was revoked while it waited
     */
    static Outcome<Map<String, Object>> run(
            HeldCredentials credentials,
            ToolCall call,
            Caller caller,
            Function<Cancellation, Outcome<Map<String, Object>>> wait) {
        try (HeldCredentials.Watch watch =
                credentials.watch(caller.channelId(), call.principal(), call.cancellation())) {
            Outcome<Map<String, Object>> answer = wait.apply(watch);
            return watch.revoked() ? Outcome.refused(REVOKED) : answer;
        }
    }
}
