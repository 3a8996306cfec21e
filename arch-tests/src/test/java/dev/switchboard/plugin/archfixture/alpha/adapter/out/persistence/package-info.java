/**
 * The fixture plugin's persistence adapter: the one place allowed to use jOOQ and the generated tables.
 */
package dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence;
