/** A capability of the alpha fixture plugin with its own persistence adapter. */
package dev.switchboard.plugin.archfixture.alpha.feature.adapter.out.persistence;
