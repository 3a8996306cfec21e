package dev.switchboard.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static dev.switchboard.arch.Fixtures.ALPHA;
import static dev.switchboard.arch.Fixtures.importing;
import static dev.switchboard.arch.Fixtures.importingTheOnionWith;
import static dev.switchboard.arch.PlatformArchitectureRules.guice_modules_are_named_final_and_rooted;
import static dev.switchboard.arch.PlatformArchitectureRules.jooq_stays_in_persistence_adapters;
import static dev.switchboard.arch.PlatformArchitectureRules.nothing_writes_to_standard_error_directly;
import static dev.switchboard.arch.PlatformArchitectureRules.only_the_stdio_transport_touches_standard_in_and_out;
import static dev.switchboard.arch.PlatformArchitectureRules.plugins_do_not_depend_on_each_other;
import static dev.switchboard.arch.PlatformArchitectureRules.port_methods_declare_no_checked_exceptions;
import static dev.switchboard.arch.PlatformArchitectureRules.ports_hold_only_contracts;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.storage.SqlWork;

/**
 * Shows that the rules let through what they allow on purpose (their recorded exceptions and the shapes the house
 * style asks for), so the rules are no stricter than the brief.
 */
class PlatformArchitectureAllowancesTest {

    /**
     * A class every rule is content with. Rules scoped to "classes outside X" select nothing when only X's classes
     * are imported, and an empty selection fails by design; this class gives them something to look at.
     */
    private static final String NEUTRAL = ALPHA + "domain.AlphaThing";

    @Test
    void sqlWorkMayDeclareSqlException() {
        assertHolds(port_methods_declare_no_checked_exceptions, importing(SqlWork.class.getName()));
    }

    @Test
    void nullObjectConstantsOfPortInterfacesCountAsContracts() {
        JavaClasses ports = importing(
                Cancellation.class.getName(),
                Cancellation.NONE.getClass().getName(),
                ClientRequests.class.getName(),
                ClientRequests.NONE.getClass().getName());

        assertHolds(ports_hold_only_contracts, ports);
    }

    @Test
    void stdioTransportMayPointStandardOutputAtStandardError() {
        JavaClasses redirect =
                importing("dev.switchboard.plugin.transport.stdio.archfixture.StrayOutputRedirect", NEUTRAL);

        assertHolds(nothing_writes_to_standard_error_directly, redirect);
        assertHolds(only_the_stdio_transport_touches_standard_in_and_out, redirect);
    }

    @Test
    void packagesOfOnePluginMayDependOnEachOther() {
        assertHolds(
                plugins_do_not_depend_on_each_other,
                importing(
                        ALPHA + "AlphaPlugin", ALPHA + "application.AlphaUsesItsDomain", ALPHA + "domain.AlphaThing"));
    }

    @Test
    void persistenceAdapterMayUseJooqAndItsGeneratedTables() {
        JavaClasses adapter = importing(
                ALPHA + "adapter.out.persistence.AlphaRepository",
                ALPHA + "adapter.out.persistence.generated.AlphaTables",
                NEUTRAL);

        assertHolds(jooq_stays_in_persistence_adapters, adapter);
        assertHolds(PlatformArchitectureRules.generated_jooq_code_is_used_only_by_its_persistence_adapter, adapter);
    }

    @Test
    void finalModuleBesideItsPluginClassIsAccepted() {
        assertHolds(guice_modules_are_named_final_and_rooted, importing(ALPHA + "AlphaPlugin", ALPHA + "AlphaModule"));
    }

    @Test
    void onionWhoseDependenciesPointInwardsIsAccepted() {
        assertHolds(PlatformArchitectureRules.feature_plugins_are_onions, importingTheOnionWith());
    }

    @Test
    void toolNamedToolInTheToolAdapterIsAccepted() {
        JavaClasses tool = importing(ALPHA + "adapter.in.tool.AlphaKeepTool", TypeKinds.TOOL_PORT);

        assertHolds(PlatformArchitectureRules.tool_implementations_are_named_tool, tool);
        assertHolds(PlatformArchitectureRules.plugin_tools_live_in_the_tool_adapter, tool);
        assertHolds(PlatformArchitectureRules.classes_named_tool_implement_the_tool_port, tool);
    }

    @Test
    void entryPointsAndTheAdaptersTheModuleBindsMayBePublic() {
        assertHolds(
                PlatformArchitectureRules.public_adapter_and_root_classes_are_entry_points_or_wired_in,
                importing(
                        ALPHA + "AlphaPlugin",
                        ALPHA + "AlphaModule",
                        ALPHA + "adapter.in.health.AlphaHealth",
                        ALPHA + "adapter.out.persistence.AlphaStore",
                        ALPHA + "application.AlphaKeepsThings",
                        ALPHA + "application.port.out.SaveThingPort",
                        ALPHA + "domain.AlphaThing"));
    }

    @Test
    void anAdapterHelperSharedWithAnotherCapabilityOfItsPluginMayBePublic() {
        assertHolds(
                PlatformArchitectureRules.public_adapter_and_root_classes_are_entry_points_or_wired_in,
                importing(
                        ALPHA + "AlphaPlugin",
                        ALPHA + "adapter.out.persistence.AlphaSharedRows",
                        ALPHA + "feature.adapter.out.persistence.AlphaFeatureStore"));
    }

    @Test
    void publicClassesOfALibraryWithoutAPluginClassAreItsApi() {
        assertHolds(
                PlatformArchitectureRules.public_adapter_and_root_classes_are_entry_points_or_wired_in,
                importing(ALPHA + "AlphaPlugin", "dev.switchboard.plugin.archfixture.library.LibraryApi"));
    }

    @Test
    void testkitMayBuildThePluginInjector() {
        assertHolds(
                PlatformArchitectureRules.guice_api_only_in_modules_and_boot,
                importing("dev.switchboard.testkit.archfixture.TestBedWithInjector", NEUTRAL));
    }

    @Test
    void testkitMayDriveADistributionWithTheMcpClient() {
        assertHolds(
                PlatformArchitectureRules.mcp_sdk_stays_in_mcp_transport_code,
                importing("dev.switchboard.testkit.archfixture.ClientForADistribution", NEUTRAL));
    }

    @Test
    void sqlThatDiffersByDialectIsAllowedInAClassNamedForItsSql() {
        assertHolds(
                PlatformArchitectureRules.backend_details_stay_in_storage_adapters,
                importing(ALPHA + "adapter.out.persistence.AlphaRowLockSql"));
    }

    @Test
    void ruleThatSelectsNothingFails() {
        ArchRule mistyped = classes()
                .that()
                .resideInAPackage("dev.switchboard.portz..")
                .should()
                .bePublic();

        assertThatThrownBy(() -> mistyped.check(importing(SqlWork.class.getName())))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("failed to check any classes");
    }

    private static void assertHolds(ArchRule rule, JavaClasses classes) {
        assertThatCode(() -> rule.check(classes)).doesNotThrowAnyException();
    }
}
