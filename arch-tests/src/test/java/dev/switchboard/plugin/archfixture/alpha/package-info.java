/**
 * A fixture plugin whose classes break the plugin rules on purpose, imported only by the violation tests.
 */
package dev.switchboard.plugin.archfixture.alpha;
