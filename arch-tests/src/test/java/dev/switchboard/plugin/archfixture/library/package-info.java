/**
 * A fixture library without a plugin class, whose public classes are its API.
 */
package dev.switchboard.plugin.archfixture.library;
