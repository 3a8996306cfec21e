/**
 * A package that is not the plugin's root, holding a misplaced Guice module.
 */
package dev.switchboard.plugin.archfixture.alpha.wiring;
