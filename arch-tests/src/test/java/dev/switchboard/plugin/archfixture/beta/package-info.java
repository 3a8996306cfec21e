/**
 * A second fixture plugin, in the same id family as alpha (like transport.stdio and transport.http).
 */
package dev.switchboard.plugin.archfixture.beta;
