/** The fixture plugin's health check: a public extension, an entry point. */
package dev.switchboard.plugin.archfixture.alpha.adapter.in.health;
