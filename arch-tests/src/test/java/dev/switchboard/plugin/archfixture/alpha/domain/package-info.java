/**
 * The fixture plugin's domain, used to show that a plugin may depend on its own packages.
 */
package dev.switchboard.plugin.archfixture.alpha.domain;
