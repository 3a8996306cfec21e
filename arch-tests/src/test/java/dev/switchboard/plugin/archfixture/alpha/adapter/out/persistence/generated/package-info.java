/**
 * Stands in for jOOQ's generated table classes.
 */
package dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence.generated;
