package dev.switchboard.testkit.transport;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;

import dev.switchboard.ports.auth.Authenticator;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.call.SessionCheck;
import dev.switchboard.ports.http.HttpEndpointCatalog;
import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolInvoker;
import dev.switchboard.ports.tool.UnknownToolException;
import dev.switchboard.ports.transport.LocalCommandCatalog;
import dev.switchboard.ports.transport.Readiness;
import dev.switchboard.ports.transport.ServerIdentity;
import dev.switchboard.ports.transport.TransportContext;

/**
 * {@link TransportContext}s for a transport's tests, without a kernel: tools given by name (each described as
 * {@code test tool <name>} with the input schema {@code {"type":"object"}}) and answered by a given invoker, fixed
 * resources and prompts (none by default), an authenticator (none by default), HTTP endpoints (none by default), and
 * a lifecycle that records which
 * transports said they ended. Every context made by one fake shares its counts: the calls that reached an invoker and
 * the transports that ended. Thread-safe.
 *
 * <pre>{@code
 * FakeTransportContext fake = FakeTransportContext.builder()
 *         .authenticator(FakeAuthenticator.requiringTokens().token("t-alice", alice))
 *         .build();
 * transport.start(fake.with(List.of("echo"), call -> ToolResult.text("echo")));
 * ... assertThat(fake.invocations()).isZero();
 * }</pre>
 */
public final class FakeTransportContext {

    /** The identity the fake introduces the server with: the kernel's versions, the modern era's first. */
    public static final ServerIdentity SERVER = new ServerIdentity(
            "switchboard",
            "0.0.0-test",
            "Test instructions.",
            List.of("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"));

    private final AtomicInteger invocations = new AtomicInteger();
    private final List<String> ended = new CopyOnWriteArrayList<>();
    private final CountDownLatch firstEnd = new CountDownLatch(1);
    private final ResourceCatalog resources;
    private final PromptCatalog prompts;
    private final Authenticator authenticator;
    private final HttpEndpointCatalog endpoints;
    private final BiPredicate<String, Principal> listedFor;
    private final Readiness readiness;

    private FakeTransportContext(Builder builder) {
        this.readiness = builder.readiness;
        this.resources = builder.resources;
        this.prompts = builder.prompts;
        this.authenticator = builder.authenticator;
        this.endpoints = builder.endpoints;
        this.listedFor = builder.listedFor;
    }

    /** @return a builder with no resources or prompts and authentication off */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a fake with no resources or prompts and authentication off */
    public static FakeTransportContext plain() {
        return builder().build();
    }

    /**
     * @param toolNames the wire names to list
     * @param invoker   answers every call of a listed name, counted in {@link #invocations()}; a call of any other name
     *                  is refused with {@link UnknownToolException} before it, as the kernel's invoker refuses it (the
     *                  bridge routes unserved names to the invoker)
     * @return a context to start a transport with
     */
    public TransportContext with(List<String> toolNames, ToolInvoker invoker) {
        Objects.requireNonNull(invoker, "invoker");
        List<ToolDescriptor> tools = toolNames.stream()
                .map(name -> new ToolDescriptor(
                        name, null, "test tool " + name, "{\"type\":\"object\"}", null, ToolAnnotations.NONE))
                .toList();
        Set<String> listed = Set.copyOf(toolNames);
        ToolInvoker counting = call -> {
            if (!listed.contains(call.toolName())) {
                throw new UnknownToolException(call.toolName());
            }
            invocations.incrementAndGet();
            return invoker.invoke(call);
        };
        return new TransportContext(
                SERVER,
                new FixedTools(tools, listedFor),
                counting,
                resources,
                prompts,
                transportId -> {
                    ended.add(transportId);
                    firstEnd.countDown();
                },
                authenticator,
                endpoints,
                readiness,
                SessionCheck.NONE,
                LocalCommandCatalog.NONE);
    }

    /** @return how many tool calls reached an invoker of this fake's contexts */
    public int invocations() {
        return invocations.get();
    }

    /** @return the ids transports passed to {@code lifecycle().ended(..)}, in order */
    public List<String> endedTransports() {
        return List.copyOf(ended);
    }

    /**
     * @param timeout the longest wait
     * @return whether some transport said it ended within the timeout
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitEnded(Duration timeout) throws InterruptedException {
        return firstEnd.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** What the fake holds. Not thread-safe. */
    public static final class Builder {
        private ResourceCatalog resources = FakeResources.builder().build();
        private PromptCatalog prompts = FakePrompts.NONE;
        private Authenticator authenticator = Authenticator.NONE;
        private HttpEndpointCatalog endpoints = HttpEndpointCatalog.NONE;
        private BiPredicate<String, Principal> listedFor = (name, caller) -> true;
        private Readiness readiness = Readiness.ALWAYS;

        private Builder() {}

        /**
         * @param catalog the resources to serve, such as a {@link FakeResources}
         * @return this builder
         */
        public Builder resources(ResourceCatalog catalog) {
            this.resources = Objects.requireNonNull(catalog, "catalog");
            return this;
        }

        /**
         * @param catalog the prompts to serve
         * @return this builder
         */
        public Builder prompts(PromptCatalog catalog) {
            this.prompts = Objects.requireNonNull(catalog, "catalog");
            return this;
        }

        /**
         * @param value resolves bearer tokens, such as a {@link FakeAuthenticator}
         * @return this builder
         */
        public Builder authenticator(Authenticator value) {
            this.authenticator = Objects.requireNonNull(value, "value");
            return this;
        }

        /**
         * @param catalog the plugins' HTTP endpoints an HTTP transport mounts; none by default
         * @return this builder
         */
        public Builder endpoints(HttpEndpointCatalog catalog) {
            this.endpoints = Objects.requireNonNull(catalog, "catalog");
            return this;
        }

        /**
         * @param value what the server's readiness is ({@code /readyz}); always ready by default
         * @return this builder
         */
        public Builder readiness(Readiness value) {
            this.readiness = Objects.requireNonNull(value, "value");
            return this;
        }

        /**
         * @param predicate which listed tools {@code tools/list} shows to which caller (the catalog's
         *                  {@code listedFor}); every tool to everyone by default
         * @return this builder
         */
        public Builder listedFor(BiPredicate<String, Principal> predicate) {
            this.listedFor = Objects.requireNonNull(predicate, "predicate");
            return this;
        }

        /** @return the fake */
        public FakeTransportContext build() {
            return new FakeTransportContext(this);
        }
    }

    private record FixedTools(List<ToolDescriptor> tools, BiPredicate<String, Principal> listedFor)
            implements ToolCatalog {
        @Override
        public Optional<ToolDescriptor> find(String name) {
            return tools.stream().filter(t -> t.name().equals(name)).findFirst();
        }

        @Override
        public boolean listedFor(String name, Principal caller) {
            return listedFor.test(name, caller);
        }
    }
}
