package dev.switchboard.plugin.archfixture.alpha;

import reactor.core.publisher.Mono;

/** Breaks {@code reactor_stays_in_mcp_transport_code}: a feature plugin returning a Reactor type. */
final class AlphaUsesReactor {

    Mono<String> greet() {
        return Mono.just("hello");
    }
}
