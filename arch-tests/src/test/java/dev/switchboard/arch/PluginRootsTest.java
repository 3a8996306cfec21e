package dev.switchboard.arch;

import static dev.switchboard.arch.Fixtures.ALPHA;
import static dev.switchboard.arch.Fixtures.BETA;
import static dev.switchboard.arch.Fixtures.KERNEL;
import static dev.switchboard.arch.Fixtures.importing;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;

import dev.switchboard.plugin.storage.sqlite.SqliteStoragePlugin;
import dev.switchboard.plugin.storage.sqlite.SqliteStorageProvider;
import dev.switchboard.plugin.transport.stdio.StdioTransport;
import dev.switchboard.plugin.transport.stdio.StdioTransportPlugin;

/** Checks how classes are assigned to plugins: by the package of the plugin's PF4J class, not by a fixed pattern. */
class PluginRootsTest {

    @Test
    void givesSiblingPluginsOfOneFamilyTheirOwnRoots() {
        JavaClasses classes = importing(
                ALPHA + "AlphaPlugin", ALPHA + "domain.AlphaThing", BETA + "BetaPlugin", BETA + "BetaService");

        assertThat(PluginRoots.rootOf(classes.get(ALPHA + "domain.AlphaThing")))
                .contains("dev.switchboard.plugin.archfixture.alpha");
        assertThat(PluginRoots.rootOf(classes.get(BETA + "BetaService")))
                .contains("dev.switchboard.plugin.archfixture.beta");
    }

    @Test
    void findsTheRootsOfTheRealTwoPartPluginIds() {
        JavaClasses classes = importing(
                StdioTransportPlugin.class.getName(),
                StdioTransport.class.getName(),
                SqliteStoragePlugin.class.getName(),
                SqliteStorageProvider.class.getName());

        assertThat(PluginRoots.rootOf(classes.get(StdioTransport.class)))
                .contains("dev.switchboard.plugin.transport.stdio");
        assertThat(PluginRoots.rootOf(classes.get(SqliteStorageProvider.class)))
                .contains("dev.switchboard.plugin.storage.sqlite");
    }

    @Test
    void fallsBackToTheFirstPackagePartWhenNoPluginClassIsFound() {
        JavaClasses classes = importing(BETA + "BetaService");

        assertThat(PluginRoots.rootOf(classes.get(BETA + "BetaService")))
                .contains("dev.switchboard.plugin.archfixture");
    }

    @Test
    void declaresNoRootForALibraryWithoutAPluginClass() {
        JavaClasses classes = importing(ALPHA + "AlphaPlugin", "dev.switchboard.plugin.archfixture.library.LibraryApi");

        assertThat(PluginRoots.declaredRootOf(classes.get("dev.switchboard.plugin.archfixture.library.LibraryApi")))
                .isEmpty();
        assertThat(PluginRoots.declaredRootOf(classes.get(ALPHA + "AlphaPlugin")))
                .contains("dev.switchboard.plugin.archfixture.alpha");
    }

    @Test
    void leavesClassesOutsidePluginsUnassigned() {
        JavaClasses classes = importing(KERNEL + "KernelService");

        assertThat(PluginRoots.rootOf(classes.get(KERNEL + "KernelService"))).isEmpty();
    }
}
