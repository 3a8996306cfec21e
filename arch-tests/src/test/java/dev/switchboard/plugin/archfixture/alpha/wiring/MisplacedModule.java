package dev.switchboard.plugin.archfixture.alpha.wiring;

import com.google.inject.AbstractModule;

/** Breaks {@code guice_modules_are_named_final_and_rooted}: a module away from the plugin's root package. */
public final class MisplacedModule extends AbstractModule {}
