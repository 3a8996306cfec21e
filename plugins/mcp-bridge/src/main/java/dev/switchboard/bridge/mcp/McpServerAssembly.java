package dev.switchboard.bridge.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.modern.McpSchema.CacheScope;
import io.modelcontextprotocol.modern.server.feature.PromptsFeature;
import io.modelcontextprotocol.modern.server.feature.ResourcesFeature;
import io.modelcontextprotocol.modern.server.feature.ToolsFeature;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.ProtocolVersions;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.ports.transport.ServerIdentity;
import dev.switchboard.ports.transport.TransportContext;

/**
 * Builds the MCP server a transport serves: the SDK server around the transport's provider, with every tool,
 * resource, template, prompt and completion of the {@link TransportContext} registered, and the capabilities tools,
 * resources (subscribe), prompts, completions and logging.
 *
 * <p>Choices: tool, resource, prompt and completion handlers run each on a virtual thread of their own (not on the
 * transport's inbound thread, not on Reactor's bounded pool), so calls run concurrently, unless the transport
 * delivers the request with {@link #deliverInline} on a thread it can give up. The SDK's own validation of
 * tool arguments is off ({@code validateToolInputs(false)}): the kernel's invoker validates and reports the offending
 * field with {@code INVALID_ARGUMENTS}, and that is the format clients see. Structured output is still checked
 * against a tool's output schema by the SDK. The catalogs are read once here, except concrete resources: when a
 * provider reports that its list changed, {@link ResourceListSync} brings the server's list up to date and clients
 * are told ({@code listChanged} capability), from the catalog's one listing for the whole process (however many
 * servers a process runs, a change is listed once); tools and prompts that appear later are not served by this
 * server. What a session subscribes to is followed through the catalog only from its {@code resources/subscribe}
 * ({@link McpServerHandle#observe}).
 * Tools are listed per caller with the SDK's tool filter; the SDK has none for resources and prompts, so their lists
 * are narrowed per caller by {@link McpServerHandle#servedTo}, and reads, renders and completions by the catalogs.
 *
 * <p>JSON written by transports MUST be produced as bytes with {@link #jsonMapper()}
 * ({@link McpJsonMapper#writeValueAsBytes}): its UTF-8 generator escapes a lone UTF-16 surrogate as {@code \\uD800},
 * so the output stays valid UTF-8, whereas {@code writeValueAsString(..).getBytes(UTF_8)} would turn it into
 * {@code ?}.
 */
public final class McpServerAssembly {

    private static final java.util.concurrent.atomic.AtomicBoolean WARMED =
            new java.util.concurrent.atomic.AtomicBoolean();

    /** The resolver of the modern era's legacy plumbing: every modern call names its caller itself. */
    private static final PrincipalResolver MODERN_NAMES_ITS_CALLER = transportContext -> {
        throw new IllegalStateException("a modern-era request names its caller itself");
    };

    private McpServerAssembly() {}

    /**
     * The mapper and the schema validator, created on first use rather than with this class: a transport's
     * {@code Plugin.start()} hook only asks for {@link #warmUpInBackground()}, so building them (the validator
     * compiles the draft 2020-12 meta-schema) happens on the warm-up thread, not on the kernel's start-up thread.
     */
    private static final class Shared {
        static final JsonMapper JACKSON = JsonMapper.builder()
                .addMixIn(McpSchema.ElicitRequest.class, ElicitRequestMixin.class)
                .build();
        /** The SDK's mapping, as the modern server reads and writes (the legacy server's checks are its own). */
        static final McpJsonMapper PLAIN = new JacksonMcpJsonMapper(JACKSON);

        static final ServerJsonMapper MAPPER = new ServerJsonMapper(PLAIN);
        /** Writes into a caller's stream and leaves it open. */
        static final ObjectWriter STREAM_WRITER = JACKSON.writer().without(StreamWriteFeature.AUTO_CLOSE_TARGET);

        static final JsonSchemaValidator VALIDATOR =
                new RememberingSchemaValidator(new DefaultJsonSchemaValidator(JsonMapper.shared()));
    }

    /**
     * Builds a server for a transport with one session per provider session (stdio, SSE).
     *
     * @param provider   the transport's provider; the SDK calls its {@code setSessionFactory} during this call
     * @param context    what to serve
     * @param principals who is calling, per request
     * @return the running server's handle
     * @throws IllegalArgumentException if the SDK refuses the configuration
     */
    public static McpServerHandle build(
            McpServerTransportProvider provider, TransportContext context, PrincipalResolver principals) {
        return assemble(McpServer.async(provider), context, principals);
    }

    /**
     * Builds a server for a streamable HTTP transport.
     *
     * @param provider   the transport's provider; the SDK calls its {@code setSessionFactory} during this call
     * @param context    what to serve
     * @param principals who is calling, per request
     * @return the running server's handle
     * @throws IllegalArgumentException if the SDK refuses the configuration
     */
    public static McpServerHandle build(
            McpStreamableServerTransportProvider provider, TransportContext context, PrincipalResolver principals) {
        return assemble(McpServer.async(provider), context, principals);
    }

    /**
     * Builds the stateless server of the modern era (MCP 2026-07-28) over the same ports as {@link #build}: the
     * catalogs' tools, listed per caller as in the legacy era (ADR 18) and called through the same invoker, their
     * resources and prompts per caller, with {@code completion/complete} of prompt arguments and template variables
     * ({@link ModernCompletions}), and
     * {@code server/discover} naming the modern versions first, then the legacy ones, with the server's identity and
     * instructions (ADR 42). A transport serves it beside the legacy server, routing each request by its era
     * ({@code transport.ModernEra.claims}). From this call on, the process seals input-required {@code requestState}
     * with the context's {@link TransportContext#sealing() key} (ADR 46).
     *
     * @param context what to serve
     * @return the server's handle
     * @throws IllegalArgumentException if the SDK refuses the configuration
     */
    public static ModernServerHandle buildModern(TransportContext context) {
        JsonValues json = new JsonValues(Shared.PLAIN);
        InFlightCalls inFlight = new InFlightCalls();
        ToolCallHandler calls = new ToolCallHandler(context.invoker(), MODERN_NAMES_ITS_CALLER, inFlight, json);
        ModernTools tools = new ModernTools(context.tools(), new ToolDescriptorMapper(json), calls, json);
        Offload unused = new Offload(); // the specs' legacy handlers; the modern era calls their blocking cores
        ModernResources resources = new ModernResources(
                context.resources(), new ResourceSpecs(context.resources(), MODERN_NAMES_ITS_CALLER, unused), json);
        ModernPrompts prompts = new ModernPrompts(
                context.prompts(), new PromptSpecs(context.prompts(), MODERN_NAMES_ITS_CALLER, unused, json), json);
        ModernSubscriptions subscriptions = new ModernSubscriptions(context.tools(), context.resources(), inFlight);
        List<String> versions = supportedVersions(context.server());
        io.modelcontextprotocol.modern.server.McpServer server =
                io.modelcontextprotocol.modern.server.McpServer.builder()
                        .serverInfo(io.modelcontextprotocol.modern.McpSchema.Implementation.builder(
                                        context.server().name(),
                                        context.server().version())
                                .build())
                        .instructions(context.server().instructions())
                        .supportedVersions(versions)
                        .requestStateCodec(new RequestStates(context.sealing()))
                        .jsonMapper(Shared.PLAIN)
                        .feature(ToolsFeature.ofSync(
                                tools,
                                Shared.PLAIN,
                                ModernTools.ARGUMENTS_CHECKED_BY_THE_KERNEL,
                                0L,
                                CacheScope.PRIVATE))
                        .feature(ResourcesFeature.ofSync(resources, Shared.PLAIN, 0L, CacheScope.PRIVATE))
                        .feature(PromptsFeature.ofSync(prompts, Shared.PLAIN, 0L, CacheScope.PRIVATE))
                        .feature(subscriptions)
                        .build();
        return new ModernServerHandle(server, inFlight, subscriptions, tools::mirroredHeaders, unused::close);
    }

    /**
     * Warms the MCP stack (JSON mapping, schema types, Reactor) on a background virtual thread, so a transport plugin
     * can start it from its {@code Plugin.start()} hook and have the work overlap the rest of start-up. Runs once per
     * process however many transports ask (two would compete for the same cores). Returns at once; failures are
     * ignored (the real server reports its own).
     */
    public static void warmUpInBackground() {
        if (!WARMED.compareAndSet(false, true)) {
            return;
        }
        Thread.ofVirtual().name("mcp-warm-up").start(() -> {
            try {
                WarmUp.run();
            } catch (java.io.IOException | RuntimeException | LinkageError e) {
                org.slf4j.LoggerFactory.getLogger(McpServerAssembly.class).debug("MCP warm-up failed", e);
            }
        });
    }

    /**
     * Delivers a request so that its handler (a tool call, resource read, prompt or completion), if the SDK gets to
     * it, runs on the calling thread, blocking it until the answer is written, instead of on a new virtual thread:
     * {@code release} runs first, on this thread, and must free it of its other duty (the stdio transport hands its
     * reading role to another thread there). That saves one thread hand-off per call. Requests the SDK answers
     * itself run as before and do not call {@code release}.
     *
     * @param release  frees the calling thread before a handler blocks it; must not throw
     * @param delivery subscribes to the session's handling of the request, on the calling thread
     */
    public static void deliverInline(Runnable release, Runnable delivery) {
        Offload.inline(release, delivery);
    }

    /** @return the JSON mapper the server reads and writes with; transports MUST use it too. Thread-safe. */
    public static McpJsonMapper jsonMapper() {
        return Shared.MAPPER;
    }

    /**
     * Writes a message as JSON, exactly as {@code jsonMapper().writeValueAsBytes(message)} would produce it, straight
     * into {@code out} (which stays open), saving the intermediate byte array. A transport that must never emit a
     * partial message writes into a buffer of its own first.
     *
     * @param out     where the UTF-8 JSON goes
     * @param message an SDK JSON-RPC record or a JSON object of JDK types
     * @throws IOException if the message cannot be serialised or written
     */
    public static void writeJson(OutputStream out, Object message) throws IOException {
        try {
            Shared.STREAM_WRITER.writeValue(out, message);
        } catch (JacksonException e) {
            throw new IOException("cannot write the message as JSON: " + e.getMessage(), e);
        }
    }

    /** @return the SDK's JSON mapping as the modern server reads and writes with. Thread-safe. */
    static McpJsonMapper plainJsonMapper() {
        return Shared.PLAIN;
    }

    /** @return the validator the SDK checks tool schemas and structured output with. Thread-safe. */
    static JsonSchemaValidator schemaValidator() {
        return Shared.VALIDATOR;
    }

    /**
     * The protocol versions for a provider's {@code protocolVersions()}, in the SDK's order: oldest first, because the
     * SDK answers a client asking for an unknown version with the last one.
     *
     * The identity's modern versions ({@link ModernServerHandle#VERSIONS}) are left out: the legacy SDK never
     * negotiates them in {@code initialize}.
     *
     * @param identity the server's identity, which lists versions newest first
     * @return the legacy versions oldest first; the SDK's defaults when the identity lists none
     */
    public static List<String> protocolVersions(ServerIdentity identity) {
        List<String> versions = new ArrayList<>(legacyVersions(identity));
        if (versions.isEmpty()) {
            return List.of(
                    ProtocolVersions.MCP_2024_11_05,
                    ProtocolVersions.MCP_2025_03_26,
                    ProtocolVersions.MCP_2025_06_18,
                    ProtocolVersions.MCP_2025_11_25);
        }
        Collections.reverse(versions);
        return List.copyOf(versions);
    }

    /**
     * Every version the server speaks, newest first: the one list {@code server/discover} names (its
     * {@code supportedVersions}, and {@code data.supported} of a -32022) and every refusal that lists versions (over
     * HTTP, an {@code MCP-Protocol-Version} the server does not speak), so that no client is told a shorter list. The
     * modern versions this bridge speaks, then the identity's legacy ones: with an identity listing the modern versions
     * first (the kernel's {@code BuildInfo.PROTOCOL_VERSIONS} does) it is that list.
     *
     * @param identity the server's identity, which lists versions newest first
     * @return the modern versions, then the legacy ones, newest first
     */
    public static List<String> supportedVersions(ServerIdentity identity) {
        List<String> versions = new ArrayList<>(ModernServerHandle.VERSIONS);
        List<String> legacy = new ArrayList<>(protocolVersions(identity));
        Collections.reverse(legacy);
        versions.addAll(legacy);
        return List.copyOf(versions);
    }

    private static List<String> legacyVersions(ServerIdentity identity) {
        return identity.protocolVersions().stream()
                .filter(version -> !ModernServerHandle.VERSIONS.contains(version))
                .toList();
    }

    private static <S extends McpServer.AsyncSpecification<S>> McpServerHandle assemble(
            McpServer.AsyncSpecification<S> spec, TransportContext context, PrincipalResolver principals) {
        JsonValues json = new JsonValues(Shared.MAPPER);
        InFlightCalls inFlight = new InFlightCalls();
        Offload offload = new Offload();
        ToolCallHandler tools = new ToolCallHandler(context.invoker(), principals, inFlight, json);
        ResourceSpecs resources = new ResourceSpecs(context.resources(), principals, offload);
        PromptSpecs prompts = new PromptSpecs(context.prompts(), principals, offload, json);
        ToolDescriptorMapper toolMapper = new ToolDescriptorMapper(json);
        McpAsyncServer server = spec.serverInfo(
                        context.server().name(), context.server().version())
                .instructions(context.server().instructions())
                .capabilities(McpSchema.ServerCapabilities.builder()
                        .tools(false)
                        .resources(true, true)
                        .prompts(false)
                        .completions()
                        .logging()
                        .build())
                .jsonMapper(Shared.MAPPER.servingTools(callableTools(context)))
                .jsonSchemaValidator(Shared.VALIDATOR)
                .validateToolInputs(false)
                .tools(ToolSpecs.build(context.tools(), toolMapper, Shared.VALIDATOR, tools, offload))
                .addToolFilter(ToolSpecs.listedFor(context.tools(), principals))
                .resources(resources.resources())
                .resourceTemplates(resources.templates())
                .prompts(prompts.prompts())
                .completions(CompletionSpecs.build(context.prompts(), context.resources(), principals, offload))
                .build();
        McpServerHandle handle = new McpServerHandle(
                server,
                offload,
                inFlight,
                new ServedLists(context.resources(), context.prompts()),
                new SessionSubscriptions(context.resources()));
        handle.listenTo(context.resources(), new ResourceListSync(server, resources));
        ToolListSync toolSync = new ToolListSync(
                server, () -> ToolSpecs.build(context.tools(), toolMapper, Shared.VALIDATOR, tools, offload));
        handle.listenToTools(context.tools(), toolSync);
        return handle;
    }

    /** @return the tools a call may name: those listed, and the unavailable ones of failed plugins (answered why) */
    private static Set<String> callableTools(TransportContext context) {
        Set<String> names = context.tools().tools().stream()
                .map(dev.switchboard.ports.tool.ToolDescriptor::name)
                .collect(Collectors.toCollection(HashSet::new));
        names.addAll(context.tools().unavailable());
        return names;
    }
}
