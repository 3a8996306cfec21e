package dev.switchboard.bridge.mcp;

import io.modelcontextprotocol.common.McpTransportContext;

import dev.switchboard.ports.call.Principal;

/**
 * Tells who is calling, from what the transport knows about the request. The stdio transport always answers
 * {@link Principal#LOCAL_OWNER}; the HTTP transport reads its authentication from the transport context.
 * Implementations MUST be thread-safe and quick (they run once per tool call, resource read and prompt request).
 */
@FunctionalInterface
public interface PrincipalResolver {

    /**
     * @param transportContext what the transport attached to the request ({@link McpTransportContext#EMPTY} when
     *                         nothing); never null
     * @return the caller, never null
     */
    Principal resolve(McpTransportContext transportContext);

    /**
     * @param principal the caller of every request
     * @return a resolver that always answers {@code principal}
     */
    static PrincipalResolver fixed(Principal principal) {
        return transportContext -> principal;
    }
}
