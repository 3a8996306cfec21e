/**
 * The fixture plugin's use cases, one of which reaches for jOOQ where it must not.
 */
package dev.switchboard.plugin.archfixture.alpha.application;
