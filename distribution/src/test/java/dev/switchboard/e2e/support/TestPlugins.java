package dev.switchboard.e2e.support;

import java.util.List;

import dev.switchboard.e2e.fixture.broken.BrokenModule;
import dev.switchboard.e2e.fixture.broken.BrokenPlugin;
import dev.switchboard.e2e.fixture.good.FixtureMigrations;
import dev.switchboard.e2e.fixture.good.FixtureModule;
import dev.switchboard.e2e.fixture.good.FixturePlugin;
import dev.switchboard.testkit.plugin.PluginZip;

/** The test plugins, ready to drop into an installation's {@code plugins/}. */
public final class TestPlugins {

    /** {@code e2e-fixture}: tools fixture_echo, fixture_rows, fixture_odd_text, and migration 1. */
    public static final PluginZip FIXTURE =
            PluginZip.of(FixturePlugin.ID, FixturePlugin.class, FixtureModule.class, List.of(FixtureMigrations.class));

    /** {@code e2e-broken}: its start throws {@link BrokenPlugin#CAUSE}. */
    public static final PluginZip BROKEN =
            PluginZip.of(BrokenPlugin.ID, BrokenPlugin.class, BrokenModule.class, List.of());

    /** The tools {@link #FIXTURE} contributes. */
    public static final List<String> FIXTURE_TOOLS = List.of("fixture_echo", "fixture_odd_text", "fixture_rows");

    private TestPlugins() {}
}
