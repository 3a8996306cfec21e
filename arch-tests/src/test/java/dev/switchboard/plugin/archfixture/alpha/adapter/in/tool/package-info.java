/**
 * The fixture plugin's tool adapter, which reads generated table classes where it must not.
 */
package dev.switchboard.plugin.archfixture.alpha.adapter.in.tool;
