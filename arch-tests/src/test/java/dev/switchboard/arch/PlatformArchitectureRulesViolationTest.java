package dev.switchboard.arch;

import static dev.switchboard.arch.Fixtures.ALPHA;
import static dev.switchboard.arch.Fixtures.BETA;
import static dev.switchboard.arch.Fixtures.KERNEL;
import static dev.switchboard.arch.Fixtures.PORTS;
import static dev.switchboard.arch.Fixtures.SECRET_FILES;
import static dev.switchboard.arch.Fixtures.importing;
import static dev.switchboard.arch.Fixtures.importingTheOnionWith;
import static dev.switchboard.arch.PlatformArchitectureRules.extensions_live_in_plugins_and_implement_ports;
import static dev.switchboard.arch.PlatformArchitectureRules.guice_api_only_in_modules_and_boot;
import static dev.switchboard.arch.PlatformArchitectureRules.guice_modules_are_named_final_and_rooted;
import static dev.switchboard.arch.PlatformArchitectureRules.helidon_webserver_only_in_http_transport;
import static dev.switchboard.arch.PlatformArchitectureRules.jooq_stays_in_persistence_adapters;
import static dev.switchboard.arch.PlatformArchitectureRules.kernel_does_not_know_plugins;
import static dev.switchboard.arch.PlatformArchitectureRules.kernel_has_no_infrastructure;
import static dev.switchboard.arch.PlatformArchitectureRules.mcp_sdk_stays_in_mcp_transport_code;
import static dev.switchboard.arch.PlatformArchitectureRules.no_class_throws_generic_exceptions;
import static dev.switchboard.arch.PlatformArchitectureRules.no_class_uses_field_injection;
import static dev.switchboard.arch.PlatformArchitectureRules.no_class_uses_java_util_logging;
import static dev.switchboard.arch.PlatformArchitectureRules.nothing_writes_to_standard_error_directly;
import static dev.switchboard.arch.PlatformArchitectureRules.only_guice_modules_are_named_module;
import static dev.switchboard.arch.PlatformArchitectureRules.only_the_stdio_transport_touches_standard_in_and_out;
import static dev.switchboard.arch.PlatformArchitectureRules.packages_are_free_of_cycles;
import static dev.switchboard.arch.PlatformArchitectureRules.plugins_do_not_depend_on_each_other;
import static dev.switchboard.arch.PlatformArchitectureRules.plugins_reach_the_host_only_through_ports;
import static dev.switchboard.arch.PlatformArchitectureRules.port_methods_declare_no_checked_exceptions;
import static dev.switchboard.arch.PlatformArchitectureRules.ports_depend_only_on_the_jdk;
import static dev.switchboard.arch.PlatformArchitectureRules.ports_hold_only_contracts;
import static dev.switchboard.arch.PlatformArchitectureRules.reactor_stays_in_mcp_transport_code;
import static dev.switchboard.arch.PlatformArchitectureRules.slf4j_loggers_are_private_static_final;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Shows each platform rule failing on a deliberate violation: every test imports only the fixture classes it needs
 * and checks that the rule reports the offending class (so a rule that fails for another reason, such as selecting
 * nothing, does not pass the test).
 */
class PlatformArchitectureRulesViolationTest {

    @Test
    void featureDomainMayNotUseLibraries() {
        assertViolation(
                PlatformArchitectureRules.feature_domains_are_pure,
                importing(ALPHA + "domain.AlphaDomainLogs"),
                ALPHA + "domain.AlphaDomainLogs",
                "org.slf4j");
    }

    @Test
    void toolNotNamedToolIsRefused() {
        assertViolation(
                PlatformArchitectureRules.tool_implementations_are_named_tool,
                importing(ALPHA + "AlphaReadHandler", TypeKinds.TOOL_PORT),
                ALPHA + "AlphaReadHandler",
                "'Tool'");
    }

    @Test
    void toolOutsideTheToolAdapterIsRefused() {
        assertViolation(
                PlatformArchitectureRules.plugin_tools_live_in_the_tool_adapter,
                importing(ALPHA + "AlphaReadHandler", TypeKinds.TOOL_PORT),
                ALPHA + "AlphaReadHandler",
                "..adapter.in.tool..");
    }

    @Test
    void classNamedToolThatIsNoToolIsRefused() {
        assertViolation(
                PlatformArchitectureRules.classes_named_tool_implement_the_tool_port,
                importing(ALPHA + "adapter.in.tool.AlphaSchemaTool"),
                ALPHA + "adapter.in.tool.AlphaSchemaTool",
                "not assignable to " + TypeKinds.TOOL_PORT);
    }

    @Test
    void useCaseMayNotReachAnAdapter() {
        assertViolation(
                PlatformArchitectureRules.feature_plugins_are_onions,
                importingTheOnionWith(ALPHA + "application.AlphaUseCaseUsesTheStore"),
                ALPHA + "application.AlphaUseCaseUsesTheStore",
                ALPHA + "adapter.out.persistence.AlphaStore");
    }

    @Test
    void inboundAdapterMayNotReachAnOutboundAdapter() {
        assertViolation(
                PlatformArchitectureRules.feature_plugins_are_onions,
                importingTheOnionWith(ALPHA + "adapter.in.tool.AlphaToolUsesTheStore"),
                ALPHA + "adapter.in.tool.AlphaToolUsesTheStore",
                ALPHA + "adapter.out.persistence.AlphaStore");
    }

    @Test
    void domainMayNotReachAUseCase() {
        assertViolation(
                PlatformArchitectureRules.feature_plugins_are_onions,
                importingTheOnionWith(
                        ALPHA + "domain.AlphaDomainCallsAUseCase", ALPHA + "application.AlphaUsesItsDomain"),
                ALPHA + "domain.AlphaDomainCallsAUseCase",
                ALPHA + "application.AlphaUsesItsDomain");
    }

    @Test
    void publicAdapterClassThatNothingWiresIsRefused() {
        assertViolation(
                PlatformArchitectureRules.public_adapter_and_root_classes_are_entry_points_or_wired_in,
                importing(ALPHA + "AlphaPlugin", ALPHA + "adapter.in.tool.AlphaPublicView"),
                ALPHA + "adapter.in.tool.AlphaPublicView");
    }

    @Test
    void publicAdapterClassWhoseModuleDoesNotBindItIsRefused() {
        assertViolation(
                PlatformArchitectureRules.public_adapter_and_root_classes_are_entry_points_or_wired_in,
                importing(ALPHA + "AlphaPlugin", ALPHA + "adapter.out.persistence.AlphaStore"),
                ALPHA + "adapter.out.persistence.AlphaStore");
    }

    @Test
    void publicHelperInThePluginRootIsRefused() {
        assertViolation(
                PlatformArchitectureRules.public_adapter_and_root_classes_are_entry_points_or_wired_in,
                importing(ALPHA + "AlphaPlugin", ALPHA + "AlphaPublicHelper"),
                ALPHA + "AlphaPublicHelper");
    }

    @Test
    void portsMayNotUseLibraryTypes() {
        assertViolation(
                ports_depend_only_on_the_jdk,
                importing(PORTS + "PortThatUsesGuice"),
                PORTS + "PortThatUsesGuice",
                "com.google.inject.Injector");
    }

    @Test
    void portsMayNotHoldStatefulClasses() {
        assertViolation(ports_hold_only_contracts, importing(PORTS + "PortWithState"), PORTS + "PortWithState");
    }

    @Test
    void portsMayNotDefineCheckedExceptionTypes() {
        assertViolation(
                ports_hold_only_contracts, importing(PORTS + "CheckedPortException"), PORTS + "CheckedPortException");
    }

    @Test
    void portMethodsMayNotDeclareCheckedExceptions() {
        assertViolation(
                port_methods_declare_no_checked_exceptions,
                importing(PORTS + "PortThatThrowsChecked"),
                PORTS + "PortThatThrowsChecked.read()",
                "java.io.IOException");
    }

    @Test
    void onlySqlWorkMayDeclareSqlException() {
        assertViolation(
                port_methods_declare_no_checked_exceptions,
                importing(PORTS + "PortThatThrowsSql"),
                PORTS + "PortThatThrowsSql.count()",
                "java.sql.SQLException");
    }

    @Test
    void secretFilesMayImportNeitherKernelNorPluginClasses() {
        assertViolation(
                PlatformArchitectureRules.secret_files_depend_only_on_the_jdk,
                importing(SECRET_FILES + "SecretFileThatKnowsTheKernel", SECRET_FILES + "SecretFileThatKnowsAPlugin"),
                SECRET_FILES + "SecretFileThatKnowsTheKernel",
                KERNEL + "KernelService",
                SECRET_FILES + "SecretFileThatKnowsAPlugin",
                BETA + "BetaService");
    }

    @Test
    void kernelMayNotCallAPlugin() {
        assertViolation(
                kernel_does_not_know_plugins,
                importing(KERNEL + "KernelThatKnowsAPlugin"),
                KERNEL + "KernelThatKnowsAPlugin",
                BETA + "BetaService");
    }

    @Test
    void kernelMayNotUseJooq() {
        assertViolation(
                kernel_has_no_infrastructure,
                importing(KERNEL + "KernelThatUsesJooq"),
                KERNEL + "KernelThatUsesJooq",
                "org.jooq.DSLContext");
    }

    @Test
    void siblingPluginsOfOneFamilyMayNotUseEachOther() {
        JavaClasses twoPlugins =
                importing(ALPHA + "AlphaPlugin", ALPHA + "AlphaUsesBeta", BETA + "BetaPlugin", BETA + "BetaService");
        assertViolation(plugins_do_not_depend_on_each_other, twoPlugins, ALPHA + "AlphaUsesBeta", BETA + "BetaService");
    }

    @Test
    void pluginMayNotCallTheKernel() {
        assertViolation(
                plugins_reach_the_host_only_through_ports,
                importing(ALPHA + "AlphaUsesKernel"),
                ALPHA + "AlphaUsesKernel",
                KERNEL + "KernelService");
    }

    @Test
    void useCaseMayNotWriteSqlWithJooq() {
        assertViolation(
                jooq_stays_in_persistence_adapters,
                importing(ALPHA + "application.AlphaQueriesWithJooq"),
                ALPHA + "application.AlphaQueriesWithJooq");
    }

    @Test
    void aFeatureMayNotReadASqlState() {
        assertViolation(
                PlatformArchitectureRules.backend_details_stay_in_storage_adapters,
                importing(ALPHA + "adapter.out.persistence.AlphaReadsSqlState"),
                ALPHA + "adapter.out.persistence.AlphaReadsSqlState",
                "getSQLState()");
    }

    @Test
    void aFeatureMayNotBranchOnTheDialectOutsideAClassNamedForItsSql() {
        assertViolation(
                PlatformArchitectureRules.backend_details_stay_in_storage_adapters,
                importing(
                        ALPHA + "adapter.out.persistence.AlphaBranchesOnTheDialect",
                        ALPHA + "adapter.out.persistence.AlphaBranchesOnTheDialect$1"),
                ALPHA + "adapter.out.persistence.AlphaBranchesOnTheDialect",
                "branches on a SQL dialect",
                "SqlDialect.POSTGRES");
    }

    @Test
    void aFeatureMayNotAskTheStorageForItsBackendsName() {
        assertViolation(
                PlatformArchitectureRules.backend_details_stay_in_storage_adapters,
                importing(ALPHA + "adapter.out.persistence.AlphaNamesTheBackend"),
                ALPHA + "adapter.out.persistence.AlphaNamesTheBackend",
                "SqlStorage.backend()");
    }

    @Test
    void toolAdapterMayNotReadGeneratedTables() {
        assertViolation(
                PlatformArchitectureRules.generated_jooq_code_is_used_only_by_its_persistence_adapter,
                importing(ALPHA + "adapter.in.tool.AlphaToolReadsGeneratedTables"),
                ALPHA + "adapter.in.tool.AlphaToolReadsGeneratedTables");
    }

    @Test
    void featurePluginMayNotUseTheMcpSdk() {
        assertViolation(
                mcp_sdk_stays_in_mcp_transport_code,
                importing(ALPHA + "AlphaUsesMcp"),
                ALPHA + "AlphaUsesMcp",
                "io.modelcontextprotocol.spec.McpSchema");
    }

    @Test
    void aTransportMayNotNameTheModernSdk() {
        assertViolation(
                PlatformArchitectureRules.modern_mcp_sdk_stays_in_the_bridge,
                importing("dev.switchboard.plugin.transport.http.archfixture.TransportUsesModernSdk"),
                "dev.switchboard.plugin.transport.http.archfixture.TransportUsesModernSdk",
                "io.modelcontextprotocol.modern.McpSchema");
    }

    @Test
    void featurePluginMayNotUseReactor() {
        assertViolation(
                reactor_stays_in_mcp_transport_code,
                importing(ALPHA + "AlphaUsesReactor"),
                ALPHA + "AlphaUsesReactor",
                "reactor.core.publisher.Mono");
    }

    @Test
    void featurePluginMayNotServeHttp() {
        assertViolation(
                helidon_webserver_only_in_http_transport,
                importing(ALPHA + "AlphaServesHttp"),
                ALPHA + "AlphaServesHttp",
                "io.helidon.webserver.archfixture.WebServerStandIn");
    }

    @Test
    void kernelMayNotPrintToStandardOutput() {
        assertViolation(
                only_the_stdio_transport_touches_standard_in_and_out,
                importing(KERNEL + "KernelThatPrints"),
                KERNEL + "KernelThatPrints",
                "System.out");
    }

    @Test
    void pluginMayNotPrintToStandardError() {
        assertViolation(
                nothing_writes_to_standard_error_directly,
                importing(ALPHA + "AlphaWritesToStderr"),
                ALPHA + "AlphaWritesToStderr",
                "System.err");
    }

    @Test
    void pluginMayNotPrintStackTraces() {
        assertViolation(
                nothing_writes_to_standard_error_directly,
                importing(ALPHA + "AlphaPrintsStackTrace"),
                ALPHA + "AlphaPrintsStackTrace",
                "printStackTrace()");
    }

    @Test
    void onlyTheStdioTransportMayPointStandardOutputAtStandardError() {
        assertViolation(
                nothing_writes_to_standard_error_directly,
                importing(KERNEL + "KernelThatRedirectsOutput"),
                KERNEL + "KernelThatRedirectsOutput",
                "System.err");
    }

    @Test
    void ordinaryClassMayNotUseTheInjector() {
        assertViolation(
                guice_api_only_in_modules_and_boot,
                importing(ALPHA + "AlphaServiceWithInjector"),
                ALPHA + "AlphaServiceWithInjector",
                "com.google.inject.Injector");
    }

    @Test
    void fieldsMayNotBeInjected() {
        assertViolation(
                no_class_uses_field_injection,
                importing(ALPHA + "AlphaFieldInjection"),
                ALPHA + "AlphaFieldInjection.thing");
    }

    @Test
    void moduleMustBeFinal() {
        assertViolation(
                guice_modules_are_named_final_and_rooted,
                importing(ALPHA + "AlphaPlugin", ALPHA + "OpenModule"),
                ALPHA + "OpenModule",
                "FINAL");
    }

    @Test
    void moduleMustBeNamedModule() {
        assertViolation(
                guice_modules_are_named_final_and_rooted,
                importing(ALPHA + "AlphaPlugin", ALPHA + "AlphaBindings"),
                ALPHA + "AlphaBindings",
                "'Module'");
    }

    @Test
    void moduleMustSitBesideThePluginClass() {
        assertViolation(
                guice_modules_are_named_final_and_rooted,
                importing(ALPHA + "AlphaPlugin", ALPHA + "wiring.MisplacedModule"),
                ALPHA + "wiring.MisplacedModule",
                "root package");
    }

    @Test
    void onlyGuiceModulesMayBeNamedModule() {
        assertViolation(
                only_guice_modules_are_named_module,
                importing(KERNEL + "KernelHelperModule"),
                KERNEL + "KernelHelperModule");
    }

    @Test
    void extensionMustLiveInAPlugin() {
        assertViolation(
                extensions_live_in_plugins_and_implement_ports,
                importing(KERNEL + "KernelExtension"),
                KERNEL + "KernelExtension",
                "dev.switchboard.plugin..");
    }

    @Test
    void extensionMustImplementAPort() {
        assertViolation(
                extensions_live_in_plugins_and_implement_ports,
                importing(ALPHA + "AlphaExtensionWithoutPort"),
                ALPHA + "AlphaExtensionWithoutPort",
                "dev.switchboard.ports..");
    }

    @Test
    void genericExceptionsMayNotBeThrown() {
        assertViolation(
                no_class_throws_generic_exceptions,
                importing(ALPHA + "AlphaThrowsGeneric"),
                ALPHA + "AlphaThrowsGeneric",
                "java.lang.RuntimeException");
    }

    @Test
    void javaUtilLoggingMayNotBeUsed() {
        assertViolation(
                no_class_uses_java_util_logging,
                importing(ALPHA + "AlphaUsesJul"),
                ALPHA + "AlphaUsesJul",
                "java.util.logging.Logger");
    }

    @Test
    void loggersMustBePrivateStaticFinal() {
        assertViolation(
                slf4j_loggers_are_private_static_final,
                importing(ALPHA + "AlphaSharesItsLogger"),
                ALPHA + "AlphaSharesItsLogger.LOG",
                "PRIVATE");
    }

    @Test
    void kernelPackagesMayNotFormACycle() {
        assertViolation(
                packages_are_free_of_cycles,
                importing(KERNEL + "cycle.a.CycleA", KERNEL + "cycle.b.CycleB"),
                KERNEL + "cycle.a.CycleA",
                KERNEL + "cycle.b.CycleB");
    }

    @Test
    void packagesOfOnePluginMayNotFormACycle() {
        assertViolation(
                packages_are_free_of_cycles,
                importing(
                        ALPHA + "domain.AlphaDomainCallsAUseCase",
                        ALPHA + "application.AlphaUsesItsDomain",
                        ALPHA + "domain.AlphaThing"),
                ALPHA + "domain.AlphaDomainCallsAUseCase",
                ALPHA + "application.AlphaUsesItsDomain");
    }

    private static void assertViolation(ArchRule rule, JavaClasses classes, String... mentioned) {
        assertThatThrownBy(() -> rule.check(classes))
                .isInstanceOf(AssertionError.class)
                .hasMessageContainingAll(mentioned);
    }
}
