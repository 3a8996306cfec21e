package dev.switchboard.plugin.transport.http;

import java.util.Map;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.http.HttpEndpointCatalog;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.transport.TransportContext;
import dev.switchboard.testkit.transport.FakeAuthenticator;
import dev.switchboard.testkit.transport.FakeResources;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * The callers the HTTP tests authenticate as (an owner, an admin, a board viewer), each with a token, and the testkit's fake context that knows them
 * and serves one resource, {@code test://static-text}, whose text is the reader's principal id.
 */
final class Callers {

    static final String ALICE_TOKEN = "alice-2f7c1e9a0b4d8e63a5c7";
    static final String BOB_TOKEN = "bob-91d3b6e0c2a47f58e1b9";
    static final Principal ALICE = new Principal("alice", Principal.Kind.OWNER, Map.of());
    static final Principal BOB = new Principal("bob", Principal.Kind.ADMIN, Map.of());
    static final String VIEWER_TOKEN = "ccv_viewer-5e0b2c7d9a41f368";
    static final Principal VIEWER = new Principal("ccv#1", Principal.Kind.VIEWER, Map.of("channel", "proj"));

    private Callers() {}

    /** @return {@code test://static-text}, read as the reader's id */
    static FakeResources staticText() {
        return FakeResources.builder()
                .text("test://static-text", "static-text", Principal::id)
                .build();
    }

    /** @return a fake with authentication required, knowing both tokens, serving {@link #staticText()} */
    static FakeTransportContext fake() {
        return fake(staticText(), true);
    }

    /**
     * @param resources    the resources to serve
     * @param authRequired whether a token is required
     * @return a fake knowing both tokens
     */
    static FakeTransportContext fake(FakeResources resources, boolean authRequired) {
        return builder(resources, authRequired).build();
    }

    /**
     * @param endpoints the plugins' HTTP endpoints to mount
     * @return {@link #fake()} with those endpoints
     */
    static FakeTransportContext fake(HttpEndpointCatalog endpoints) {
        return builder(staticText(), true).endpoints(endpoints).build();
    }

    /** An open-authentication fake, for tests where every caller is the local owner. */
    static FakeTransportContext unauthenticated() {
        return fake(staticText(), false);
    }

    /**
     * @param listedFor which tools are listed for which caller
     * @return {@link #fake()}'s builder with that listing rule
     */
    static FakeTransportContext.Builder builderListing(java.util.function.BiPredicate<String, Principal> listedFor) {
        return builder(staticText(), true).listedFor(listedFor);
    }

    static FakeTransportContext.Builder builder(FakeResources resources, boolean authRequired) {
        FakeAuthenticator authenticator = authRequired ? FakeAuthenticator.requiringTokens() : FakeAuthenticator.off();
        return FakeTransportContext.builder()
                .authenticator(authenticator
                        .token(ALICE_TOKEN, ALICE)
                        .token(BOB_TOKEN, BOB)
                        .token(VIEWER_TOKEN, VIEWER))
                .resources(resources);
    }

    /**
     * @param context   a context
     * @param tools     the tool catalog to serve instead of the context's
     * @param resources the resource catalog to serve instead of the context's
     * @return the context with those catalogs, every other component the same
     */
    static TransportContext serving(TransportContext context, ToolCatalog tools, ResourceCatalog resources) {
        return new TransportContext(
                context.server(),
                tools,
                context.invoker(),
                resources,
                context.prompts(),
                context.lifecycle(),
                context.authenticator(),
                context.endpoints(),
                context.readiness(),
                context.sessions(),
                context.commands());
    }
}
