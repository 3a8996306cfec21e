package dev.switchboard.arch;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.lang.conditions.ArchConditions.be;
import static com.tngtech.archunit.lang.conditions.ArchPredicates.are;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import java.io.FileDescriptor;
import java.io.InputStream;
import java.io.PrintStream;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.ThrowsDeclaration;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.GeneralCodingRules;

/**
 * The platform's architecture rules (AR1–AR17 of the architecture brief that can be checked today), one
 * {@link ArchRule} per field, each with the reason it exists.
 *
 * <p>Pull them into a test with {@code ArchTests.in(PlatformArchitectureRules.class)} on a class importing
 * {@code dev.switchboard} without tests. Every exception to a rule is written into the rule with a comment saying
 * why. The rules assume {@code resolveMissingDependenciesFromClassPath=false}: library types are matched by name.
 * This class is a catalogue of independent rules, which is why it is longer than the house guideline.
 */
public final class PlatformArchitectureRules {

    private static final String PORTS = "dev.switchboard.ports..";
    private static final String KERNEL = "dev.switchboard.kernel..";
    private static final String SECRET_FILES = "dev.switchboard.secretfiles..";
    private static final String PLUGINS = PluginRoots.PLUGINS + "..";
    private static final String BRIDGE = "dev.switchboard.bridge..";
    private static final String MCP_BRIDGE = "dev.switchboard.bridge.mcp..";
    private static final String TRANSPORTS = "dev.switchboard.plugin.transport..";
    private static final String STDIO_TRANSPORT = "dev.switchboard.plugin.transport.stdio";
    /** The CLI's one class that owns the process's stdout and stderr for human-readable command output. */
    private static final String CLI_CONSOLE = "dev.switchboard.kernel.cli.Console";

    private static final String HTTP_TRANSPORT = "dev.switchboard.plugin.transport.http..";
    private static final String PERSISTENCE_ADAPTERS = "..adapter.out.persistence..";
    private static final String STORAGE_PLUGINS = "dev.switchboard.plugin.storage..";
    private static final String DOMAINS = PluginRoots.PLUGINS + "..domain..";
    private static final String APPLICATIONS = PluginRoots.PLUGINS + "..application..";
    private static final String DOMAIN = "domain";
    private static final String APPLICATION = "application";
    private static final String INBOUND_ADAPTERS = "inbound adapters";
    private static final String OUTBOUND_ADAPTERS = "outbound adapters";
    private static final String WIRING = "plugin root";
    /** A port a domain may use: the storable-text rule, plain functions of JDK strings. */
    private static final String STORABLE_TEXT = "dev.switchboard.ports.tool.StorableText";
    /** Ports a domain may use: why a rule refuses, as immutable values (ADR 61). */
    private static final String REFUSAL = "dev.switchboard.ports.tool.Refusal";

    private static final String ERROR_CODE = "dev.switchboard.ports.tool.ErrorCode";

    /**
     * What a thin client of the shared server may load besides its own classes (the attach client, and the hooks'
     * direct path too): the JDK, jackson-core's streaming parser, and the kernel's classes that read the configuration
     * and name the shared server.
     */
    private static final DescribedPredicate<JavaClass> WHAT_THE_ATTACH_CLIENT_MAY_USE = resideInAnyPackage(
                    "dev.switchboard.kernel.attach..",
                    "dev.switchboard.kernel.config..",
                    "java..",
                    "tools.jackson.core..")
            .or(name("dev.switchboard.kernel.cli.Settings"))
            .or(name(CLI_CONSOLE))
            .or(name("dev.switchboard.kernel.core.BuildInfo"));

    /**
     * The one checked exception a port may declare: {@code SqlWork.run} hands a plugin the JDBC connection inside
     * a transaction, and JDBC reports every failure as {@code SQLException}. Making the plugin wrap each one would
     * only hide the SQL state the storage adapter needs to classify the failure; the adapter translates it.
     */
    private static final DescribedPredicate<ThrowsDeclaration<?>> SQL_WORK_MAY_THROW_SQL_EXCEPTION = describe(
            "SQLException on dev.switchboard.ports.storage.SqlWork",
            declaration -> declaration.getDeclaringClass().getName().equals("dev.switchboard.ports.storage.SqlWork")
                    && declaration.getRawType().getName().equals("java.sql.SQLException"));

    /** AR1. */
    @ArchTest
    public static final ArchRule ports_depend_only_on_the_jdk = classes()
            .that()
            .resideInAPackage(PORTS)
            .should()
            .onlyDependOnClassesThat(
                    resideInAnyPackage(PORTS, "java..", "javax.sql..").or(name("org.pf4j.ExtensionPoint")))
            .because("ports is the published SPI that every plugin compiles against; any library in it would be"
                    + " forced on every plugin (the only outside type is PF4J's ExtensionPoint marker)");

    /** AR2, first half. */
    @ArchTest
    public static final ArchRule ports_hold_only_contracts = classes()
            .that()
            .resideInAPackage(PORTS)
            .should(be(TypeKinds.PORT_CONTRACT))
            .because("ports holds contracts, never behaviour or state that plugins would come to depend on");

    /** AR2, second half. */
    @ArchTest
    public static final ArchRule port_methods_declare_no_checked_exceptions = codeUnits()
            .that()
            .areDeclaredInClassesThat()
            .resideInAPackage(PORTS)
            .should(CodingConditions.declareNoCheckedExceptionsExcept(SQL_WORK_MAY_THROW_SQL_EXCEPTION))
            .because("failures cross the ports as unchecked, specific exceptions or as result values, so callers are"
                    + " not forced into catch-and-wrap code");

    /**
     * The owner-only secret-file rule is one small library that the kernel, the plugins and the hooks' direct path all
     * load from the host's lib/: it may know nothing of any of them.
     */
    @ArchTest
    public static final ArchRule secret_files_depend_only_on_the_jdk = classes()
            .that()
            .resideInAPackage(SECRET_FILES)
            .should()
            .onlyDependOnClassesThat()
            .resideInAnyPackage(SECRET_FILES, "java..", "com.sun.security.auth.module..")
            .because("secret-files is shared by the kernel and by plugins, which may not depend on the kernel, and"
                    + " sits on the hooks' minimal class path: a kernel or plugin class in it would tie them together"
                    + " (the JDK's jdk.security.auth gives it the process's numeric user id)");

    /**
     * The attach client starts for every stdio session: its memory and start-up budget (40 MiB, 250 ms to
     * the first answer) allow the JDK, jackson-core's streaming parser and the few kernel classes that read the
     * configuration and name the shared server, nothing that would load Guice, PF4J, databind or MCP.
     */
    @ArchTest
    public static final ArchRule attach_client_stays_thin = classes()
            .that()
            .resideInAPackage("dev.switchboard.attach..")
            .should()
            .onlyDependOnClassesThat(
                    resideInAnyPackage("dev.switchboard.attach..").or(WHAT_THE_ATTACH_CLIENT_MAY_USE))
            .because("the attach client's class path is lib/attach/ and a few jars of lib/; every other class would"
                    + " cost each agent session memory and start-up time");

    /**
     * The hooks' direct main (ADR 25) runs on lib/hook/ and a few jars of lib/, without Guice or PF4J: it reaches each
     * plugin only through the one class that plugin documents for it (the mailbox's {@code DirectHooks}, with the
     * records it takes, {@code storage-sqlite}'s {@code SqliteSettings}, where the store is, and {@code storage-postgres}'s
     * {@code PostgresDirectConnection}, its one connection, ADR 65), and of the kernel
     * only what the attach client may use (the configuration, the console, the shared server's name and key).
     */
    @ArchTest
    public static final ArchRule hooks_reach_plugins_only_through_their_entry_points = classes()
            .that()
            .resideInAPackage("dev.switchboard.hooks..")
            .should()
            .onlyDependOnClassesThat(resideInAnyPackage("dev.switchboard.hooks..", PORTS)
                    .or(WHAT_THE_ATTACH_CLIENT_MAY_USE)
                    .or(nameMatching("dev\\.switchboard\\.plugin\\.mailbox\\.DirectHooks(\\$.*)?"))
                    .or(name("dev.switchboard.plugin.storage.sqlite.SqliteSettings"))
                    .or(name("dev.switchboard.plugin.storage.postgres.PostgresDirectConnection")))
            .because(
                    "a class the direct path reaches past a plugin's entry point ties the hooks to that plugin's"
                            + " insides, and must also be on lib/hook/: the plugin's own wiring would have to be repeated there");

    /** AR3. */
    @ArchTest
    public static final ArchRule kernel_does_not_know_plugins = noClasses()
            .that()
            .resideInAPackage(KERNEL)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(PLUGINS, BRIDGE, "dev.switchboard.testkit..")
            .because("the kernel hosts plugins through ports only; a plugin is enabled by data, never by code in the"
                    + " kernel");

    /** AR4. */
    @ArchTest
    public static final ArchRule kernel_has_no_infrastructure = noClasses()
            .that()
            .resideInAPackage(KERNEL)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.modelcontextprotocol..",
                    "io.helidon.webserver..",
                    "io.helidon.http..",
                    "org.jooq..",
                    "org.sqlite..",
                    "reactor..")
            .because("MCP, HTTP serving and storage are plugins (transports, storage adapters); the kernel stays"
                    + " small and free of their libraries");

    /** AR5. */
    @ArchTest
    public static final ArchRule plugins_do_not_depend_on_each_other = slices().assignedFrom(PluginRoots.BY_PLUGIN_ROOT)
            .should()
            .notDependOnEachOther()
            .because("each plugin is loaded by its own class loader and can be enabled alone; what plugins share"
                    + " goes into ports or the mcp-bridge library");

    /** AR6. */
    @ArchTest
    public static final ArchRule plugins_reach_the_host_only_through_ports = noClasses()
            .that()
            .resideInAnyPackage(PLUGINS, BRIDGE)
            .should()
            .dependOnClassesThat()
            .resideInAPackage(KERNEL)
            .because("plugins compile against ports only, so the kernel can change without breaking them");

    /** AR8. */
    @ArchTest
    public static final ArchRule feature_domains_are_pure = classes()
            .that()
            .resideInAPackage(DOMAINS)
            .should()
            .onlyDependOnClassesThat(resideInAnyPackage("java..", DOMAINS)
                    .or(name(STORABLE_TEXT))
                    .or(name(REFUSAL))
                    .or(name(ERROR_CODE)))
            .because("a plugin's domain model holds its rules in plain Java, so it can be read and tested without"
                    + " storage, protocol or framework (ports' StorableText is such a rule: static functions of"
                    + " JDK strings, published once so that every plugin refuses the same text; a rule says why it"
                    + " refuses with ports' Refusal and ErrorCode, immutable values, so no plugin keeps its own copy)");

    /**
     * AR7. The rings are found by package name in every plugin, so a new plugin or a new adapter package
     * ({@code adapter.in.http}, {@code adapter.out.mail}) is checked without being listed here. The root package,
     * where the plugin class, the module and root extensions wire the rings together, may reach every ring.
     */
    @ArchTest
    public static final ArchRule feature_plugins_are_onions = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer(DOMAIN)
            .definedBy(DOMAINS)
            .layer(APPLICATION)
            .definedBy(APPLICATIONS)
            .layer(INBOUND_ADAPTERS)
            .definedBy(PluginRoots.PLUGINS + "..adapter.in..")
            .layer(OUTBOUND_ADAPTERS)
            .definedBy(PluginRoots.PLUGINS + "..adapter.out..")
            .layer(WIRING)
            .definedBy(PluginRoots.IN_A_PLUGIN_ROOT)
            .whereLayer(APPLICATION)
            .mayOnlyBeAccessedByLayers(INBOUND_ADAPTERS, OUTBOUND_ADAPTERS, WIRING)
            .whereLayer(INBOUND_ADAPTERS)
            .mayOnlyBeAccessedByLayers(WIRING)
            .whereLayer(OUTBOUND_ADAPTERS)
            .mayOnlyBeAccessedByLayers(WIRING)
            .whereLayer(WIRING)
            .mayNotBeAccessedByAnyLayer()
            .because("a plugin's rules (domain, application) must not change when a protocol or a store changes:"
                    + " dependencies point inwards, the application reaches storage only through its port.out"
                    + " interfaces, and an inbound adapter (a tool) goes through a use case instead of around it");

    /**
     * The mailbox's slices: {@code channel} is the core every capability builds on (with the plugin-wide
     * migrations in the root's {@code adapter.out.persistence}); each capability declares here the capabilities it
     * uses; {@code board}, {@code hook} and {@code status} are views that read many capabilities and that nothing
     * depends on. A new dependency between capabilities is a design decision: add it to this table, keeping it free of
     * cycles, or move what is shared into the core.
     */
    static final CapabilitySlices MAILBOX_SLICES = CapabilitySlices.of(
                    "dev.switchboard.plugin.mailbox", "channel", "adapter")
            .capability("message")
            .capability("upload")
            .capability("hosted")
            .capability("importer")
            .capability("work", "message")
            .capability("search", "message")
            .capability("decision", "message", "work")
            .capability("pin", "decision", "message", "upload")
            .capability("cleanup", "message", "pin")
            .capability("orientation", "decision", "message", "work")
            .capability("wait", "hosted", "message", "orientation")
            .views("board", "hook", "status");

    /** The mailbox is a core and a row of slices, {@link #MAILBOX_SLICES}. */
    @ArchTest
    public static final ArchRule mailbox_capabilities_depend_only_on_the_core_and_what_they_declare = classes()
            .that()
            .resideInAPackage(MAILBOX_SLICES.root() + "..")
            .should(MAILBOX_SLICES.condition())
            .because("a capability that reaches into another undeclared one, or into a view, turns the slices back into"
                    + " a tower: a change to one capability would ripple through the others unseen");

    /** AR16, the implementations' names, everywhere: the kernel's core tools ({@code ServerInfoTool}) too. */
    @ArchTest
    public static final ArchRule tool_implementations_are_named_tool = classes()
            .that()
            .implement(TypeKinds.TOOL_PORT)
            .should()
            .haveSimpleNameEndingWith("Tool")
            .because("one class per tool, named <Verb><Noun>Tool, is where a reader looks for a tool's schema and"
                    + " behaviour (an anonymous tool has no name to look for)");

    /** AR16, the implementations' place in a plugin. */
    @ArchTest
    public static final ArchRule plugin_tools_live_in_the_tool_adapter = classes()
            .that()
            .resideInAPackage(PLUGINS)
            .and()
            .implement(TypeKinds.TOOL_PORT)
            .should()
            .resideInAPackage("..adapter.in.tool..")
            .because("tools are the plugin's inbound adapter for MCP clients; the rest of the plugin does not know"
                    + " it is called through tools");

    /**
     * AR16, the name's meaning: a class named {@code *Tool} is a tool. "Assignable" rather than "implements", so the
     * port itself and an interface that refines it count as tools too.
     */
    @ArchTest
    public static final ArchRule classes_named_tool_implement_the_tool_port = classes()
            .that()
            .haveSimpleNameEndingWith("Tool")
            .should()
            .beAssignableTo(TypeKinds.TOOL_PORT)
            .because("a reader who meets a *Tool expects a tool with a wire name and a schema; a helper, a registry"
                    + " entry or a view of one is named for what it is");

    /** AR9, first half. */
    @ArchTest
    public static final ArchRule jooq_stays_in_persistence_adapters = noClasses()
            .that()
            .resideOutsideOfPackages(PERSISTENCE_ADAPTERS, STORAGE_PLUGINS)
            .should()
            .dependOnClassesThat()
            .resideInAPackage("org.jooq..")
            .because("SQL belongs to the driven persistence adapters; domain and application code stay storage-free");

    /**
     * ADR 49: busy and unreachable databases, retries and every backend's error codes are the storage adapters'
     * business ({@code SqlStorage.snapshot}, {@code transaction}, {@code write}); a feature sees only the port's
     * exceptions. SQL that really differs by dialect (FTS5 against trigram search, a row lock SQLite lacks) lives in a
     * class named {@code *Sql}, so a reader finds every difference by name. Outside the rule: ports (which define the
     * dialects), the storage adapters and the migration bookkeeping, the kernel (it picks the adapter by its backend's
     * name and copies a store between backends, ADR 16) and the testkit (it starts real backends).
     */
    @ArchTest
    public static final ArchRule backend_details_stay_in_storage_adapters = classes()
            .that()
            .resideOutsideOfPackages(
                    PORTS, STORAGE_PLUGINS, "dev.switchboard.storage.migration..", KERNEL, "dev.switchboard.testkit..")
            .should(StorageBackendDetails.readNone())
            .because("a plugin that reads SQLSTATEs, retries busy databases or branches on the backend copies the"
                    + " adapters' work and breaks with the next backend; the storage port answers busy once, for all");

    /** AR9, second half. */
    @ArchTest
    public static final ArchRule generated_jooq_code_is_used_only_by_its_persistence_adapter = noClasses()
            .that()
            .resideOutsideOfPackages("..adapter.out.persistence", "..adapter.out.persistence.generated..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("..adapter.out.persistence.generated..")
            .because("generated table classes mirror one plugin's migrations and change with them");

    /**
     * AR10, first half. Recorded exception: the testkit ({@code dev.switchboard.testkit}, test scope only) drives a
     * built distribution with the MCP SDK's client, as a real MCP client would; it never maps ports types.
     */
    @ArchTest
    public static final ArchRule mcp_sdk_stays_in_mcp_transport_code = noClasses()
            .that()
            .resideOutsideOfPackages(MCP_BRIDGE, TRANSPORTS, "dev.switchboard.testkit..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.modelcontextprotocol..")
            .because("feature plugins speak ports types; only the bridge and the transports map them to the MCP SDK,"
                    + " so the SDK can be upgraded in one place");

    /**
     * AR10, the modern era (ADR 42): the MCP SDK's modern API ({@code io.modelcontextprotocol.modern}, which "may
     * still change in minor releases until 3.0") is named by the bridge alone, so a change of it is one edit there;
     * transports reach the modern era through the bridge's {@code ModernServerHandle} and {@code ModernEra}. Recorded
     * exception: the testkit, whose clients drive a built distribution as real clients do.
     */
    @ArchTest
    public static final ArchRule modern_mcp_sdk_stays_in_the_bridge = noClasses()
            .that()
            .resideOutsideOfPackages(MCP_BRIDGE, "dev.switchboard.testkit..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.modelcontextprotocol.modern..")
            .because("the SDK's modern API may change before 3.0; only the bridge names it (ADR 42)");

    /** AR10, second half. */
    @ArchTest
    public static final ArchRule reactor_stays_in_mcp_transport_code = noClasses()
            .that()
            .resideOutsideOfPackages(MCP_BRIDGE, TRANSPORTS)
            .should()
            .dependOnClassesThat()
            .resideInAPackage("reactor..")
            .because("the code is blocking and runs on virtual threads; Reactor is the MCP SDK's internal model and"
                    + " must not leak past the code that adapts the SDK");

    /** AR11. */
    @ArchTest
    public static final ArchRule helidon_webserver_only_in_http_transport = noClasses()
            .that()
            .resideOutsideOfPackage(HTTP_TRANSPORT)
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.helidon.webserver..", "io.helidon.http..")
            .because("HTTP serving is one transport plugin; nothing else opens sockets or knows HTTP types");

    /** AR12, standard input and output. */
    @ArchTest
    public static final ArchRule only_the_stdio_transport_touches_standard_in_and_out = noClasses()
            .that()
            .resideOutsideOfPackage(STDIO_TRANSPORT + "..")
            // Recorded exception: the CLI's console prints command results (--version, doctor, plugins list);
            // serve prints nothing through it, so stdout stays the protocol's while serving.
            .and()
            .doNotHaveFullyQualifiedName(CLI_CONSOLE)
            .should()
            .accessField(System.class, "in")
            .orShould()
            .accessField(System.class, "out")
            .orShould()
            .callMethod(System.class, "setIn", InputStream.class)
            .orShould()
            .callMethod(System.class, "setOut", PrintStream.class)
            .orShould()
            .accessField(FileDescriptor.class, "in")
            .orShould()
            .accessField(FileDescriptor.class, "out")
            .because("in a stdio server, stdout carries the MCP protocol: one stray line corrupts the session");

    /**
     * AR12, standard error. Recorded exception: the stdio transport reads {@code System.err} to point
     * {@code System.out} at it, so that a stray print anywhere in the process lands on stderr instead of corrupting
     * the protocol stream. It may read the field; it may not print to it (no {@code printStackTrace()} either).
     */
    @ArchTest
    public static final ArchRule nothing_writes_to_standard_error_directly = noClasses()
            .that()
            .doNotHaveFullyQualifiedName(CLI_CONSOLE)
            .should()
            .accessFieldWhere(CodingConditions.readOf(System.class, "err", STDIO_TRANSPORT))
            .orShould()
            .callMethod(System.class, "setErr", PrintStream.class)
            .orShould()
            .accessField(FileDescriptor.class, "err")
            .orShould()
            .callMethodWhere(CodingConditions.PRINT_STACK_TRACE)
            .because("diagnostics go through SLF4J, which writes to stderr with levels and context; stray prints"
                    + " bypass the log configuration");

    /**
     * AR13, Guice API. Recorded exception: the testkit ({@code dev.switchboard.testkit}, test scope only) hosts a
     * plugin under test, building its child injector as the kernel's plugin host does.
     */
    @ArchTest
    public static final ArchRule guice_api_only_in_modules_and_boot = noClasses()
            .that()
            .resideOutsideOfPackages(
                    "dev.switchboard.kernel.boot..", "dev.switchboard.kernel.plugin..", "dev.switchboard.testkit..")
            .and(are(DescribedPredicate.not(TypeKinds.GUICE_MODULE_CODE)))
            .should()
            .dependOnClassesThat()
            .resideInAPackage("com.google.inject..")
            .because("wiring lives in one Guice module per plugin and in the kernel's boot and plugin host; ordinary"
                    + " classes take their collaborators through an @jakarta.inject.Inject constructor");

    /** AR13, constructor injection. */
    @ArchTest
    public static final ArchRule no_class_uses_field_injection = noFields()
            .should()
            .beAnnotatedWith("jakarta.inject.Inject")
            .orShould()
            .beAnnotatedWith("javax.inject.Inject")
            .orShould()
            .beAnnotatedWith("com.google.inject.Inject")
            .because("constructor injection keeps dependencies visible and fields final");

    /** AR14, the modules themselves. */
    @ArchTest
    public static final ArchRule guice_modules_are_named_final_and_rooted = classes()
            .that(TypeKinds.GUICE_MODULE)
            .should()
            .haveSimpleNameEndingWith("Module")
            .andShould()
            .haveModifier(JavaModifier.FINAL)
            .andShould(be(PluginRoots.IN_A_PLUGIN_ROOT.or(
                    resideInAnyPackage("dev.switchboard.kernel.boot..").as("in dev.switchboard.kernel.boot"))))
            .because("the descriptor names one module per plugin (Plugin-Module), found beside the plugin class;"
                    + " variants are separate modules, never subclasses or flags");

    /** AR14, the name. */
    @ArchTest
    public static final ArchRule only_guice_modules_are_named_module = classes()
            .that()
            .haveSimpleNameEndingWith("Module")
            .should(be(TypeKinds.GUICE_MODULE))
            .because("a class named *Module is where a reader looks for bindings");

    /** AR15. */
    @ArchTest
    public static final ArchRule extensions_live_in_plugins_and_implement_ports = classes()
            .that()
            .areAnnotatedWith("org.pf4j.Extension")
            .should()
            .resideInAPackage(PLUGINS)
            .andShould(
                    be(describe("implementing an interface from " + PORTS, PlatformArchitectureRules::implementsAPort)))
            .because("the kernel finds contributions only through the extension points published in ports");

    /**
     * What is public in a plugin (ADR 10, which replaces the brief's "only Plugin, Module and Extension classes are
     * public"). Domain and application types are public where another package of the plugin uses them and are not
     * checked: bytecode does not show every use (constants are inlined), and the plugin's own class loader keeps them
     * from other plugins anyway. Libraries under {@code dev.switchboard.plugin} with no plugin class publish an API
     * and are not selected.
     */
    @ArchTest
    public static final ArchRule public_adapter_and_root_classes_are_entry_points_or_wired_in = classes()
            .that(PluginRoots.IN_A_PLUGIN)
            .and()
            .resideOutsideOfPackages(DOMAINS, APPLICATIONS)
            .and()
            .arePublic()
            .and()
            .areTopLevelClasses()
            .should(be(TypeKinds.PLUGIN_ENTRY_POINT
                    .or(PluginRoots.REACHED_FROM_ITS_PLUGIN_ROOT)
                    .or(PluginRoots.SHARED_WITH_ANOTHER_ADAPTER_OF_ITS_PLUGIN)
                    .or(PluginRoots.REACHED_BY_THE_HOOKS_MAIN)))
            .because("adapters are details behind the ports: public only where PF4J or the kernel reaches them by"
                    + " name, where the plugin's root package wires them in, where another adapter of the same"
                    + " plugin shares them (a capability on its plugin's core), or where the hooks' direct main"
                    + " (ADR 25) reaches them, so the rest can change unseen");

    /** AR17, generic exceptions. */
    @ArchTest
    public static final ArchRule no_class_throws_generic_exceptions =
            GeneralCodingRules.NO_CLASSES_SHOULD_THROW_GENERIC_EXCEPTIONS.because(
                    "a specific exception says what went wrong and can be translated into a stable error code");

    /** AR17, java.util.logging. */
    @ArchTest
    public static final ArchRule no_class_uses_java_util_logging = noClasses()
            .should(GeneralCodingRules.USE_JAVA_UTIL_LOGGING)
            .orShould()
            .accessTargetWhere(CodingConditions.JAVA_UTIL_LOGGING_TARGET)
            .because("all logging goes through SLF4J to stderr, configured in one place");

    /** AR17, loggers. */
    @ArchTest
    public static final ArchRule slf4j_loggers_are_private_static_final = fields().that()
            .haveRawType("org.slf4j.Logger")
            .should()
            .bePrivate()
            .andShould()
            .beStatic()
            .andShould()
            .beFinal()
            .because("one logger per class, named after it, not shared and not replaced");

    /**
     * AR17, package cycles: every package of every module is its own slice (a plugin's root package too), so a cycle
     * inside a plugin, inside the kernel, ports or a library, or through two modules, is reported.
     */
    @ArchTest
    public static final ArchRule packages_are_free_of_cycles = slices().matching("dev.switchboard.(**)")
            .should()
            .beFreeOfCycles()
            .because("packages in a cycle cannot be understood, tested or split apart on their own");

    private PlatformArchitectureRules() {}

    private static boolean implementsAPort(JavaClass type) {
        return type.getAllRawInterfaces().stream()
                .anyMatch(implemented -> implemented.getPackageName().startsWith("dev.switchboard.ports"));
    }
}
