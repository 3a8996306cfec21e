package dev.switchboard.kernel.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

import dev.switchboard.kernel.auth.KernelAuthenticator;
import dev.switchboard.kernel.catalog.PromptRegistry;
import dev.switchboard.kernel.catalog.ResourceRegistry;
import dev.switchboard.kernel.tools.ArgumentValidator;
import dev.switchboard.kernel.tools.KernelToolInvoker;
import dev.switchboard.kernel.tools.ToolRegistry;
import dev.switchboard.ports.transport.ServerIdentity;
import dev.switchboard.ports.transport.Transport;
import dev.switchboard.ports.transport.TransportContext;
import dev.switchboard.ports.transport.TransportLifecycle;

/**
 * {@code serve --transport stdio,http}: when stdin ends the serving ends (the HTTP port is freed for the stdio
 * client's next launch), unless the operator asked to keep serving.
 */
class TransportRunnerTest {

    /** A transport that ends on its own when told to, as stdio does at the end of its input. */
    private static final class EndingTransport implements Transport {
        private final String id;
        private final AtomicReference<TransportLifecycle> lifecycle = new AtomicReference<>();
        private final AtomicBoolean stopped = new AtomicBoolean();

        EndingTransport(String id) {
            this.id = id;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public void start(TransportContext context) {
            lifecycle.set(context.lifecycle());
        }

        @Override
        public void stop() {
            stopped.set(true);
        }

        void endOnItsOwn() {
            lifecycle.get().ended(id);
        }

        void askTheServerToStop() {
            lifecycle.get().stopRequested(id);
        }
    }

    private final EndingTransport stdio = new EndingTransport("stdio");
    private final EndingTransport http = new EndingTransport("http");
    private final TransportRunner runner = new TransportRunner();

    @Test
    void theEndOfStdinEndsTheServingOfEveryTransport() throws Exception {
        runner.start(List.of("stdio", "http"), List.of(stdio, http), context());
        CompletableFuture<Void> serving = CompletableFuture.runAsync(this::awaitEnd);

        stdio.endOnItsOwn();

        serving.get(5, TimeUnit.SECONDS);
        runner.stop();
        assertThat(http.stopped).isTrue();
    }

    @Test
    void withKeepServingTheOtherTransportsServeOnUntilStopped() throws Exception {
        runner.start(List.of("stdio", "http"), List.of(stdio, http), context(), true);
        CompletableFuture<Void> serving = CompletableFuture.runAsync(this::awaitEnd);

        stdio.endOnItsOwn();

        Assertions.assertThatThrownBy(() -> serving.get(500, TimeUnit.MILLISECONDS))
                .isInstanceOf(TimeoutException.class);
        assertThat(runner.active()).containsExactly("http");
        runner.stop();
        serving.get(5, TimeUnit.SECONDS);
    }

    @Test
    void aStopAskedThroughOneTransportEndsTheServingEvenWithKeepServing() throws Exception {
        runner.start(List.of("stdio", "http"), List.of(stdio, http), context(), true);
        CompletableFuture<Void> serving = CompletableFuture.runAsync(this::awaitEnd);

        stdio.askTheServerToStop();

        serving.get(5, TimeUnit.SECONDS);
        runner.stop();
        assertThat(http.stopped).isTrue();
        assertThat(stdio.stopped).isTrue();
    }

    private void awaitEnd() {
        try {
            runner.awaitEnd();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static TransportContext context() {
        ArgumentValidator validator = new ArgumentValidator();
        ToolRegistry tools = new ToolRegistry(validator);
        return new TransportContext(
                new ServerIdentity("switchboard", "test", null, List.of("2025-11-25")),
                tools,
                new KernelToolInvoker(tools, validator),
                new ResourceRegistry(),
                new PromptRegistry(),
                id -> {},
                new KernelAuthenticator(List.of(), false));
    }
}
