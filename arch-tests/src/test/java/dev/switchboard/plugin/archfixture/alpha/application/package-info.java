/**
 * The fixture plugin's use cases, two of which reach where they must not: for jOOQ, and for their adapter.
 */
package dev.switchboard.plugin.archfixture.alpha.application;
