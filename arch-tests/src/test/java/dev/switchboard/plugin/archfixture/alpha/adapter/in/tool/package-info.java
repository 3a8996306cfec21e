/**
 * The fixture plugin's tool adapter: one tool as it should be, and classes that read generated tables, reach the
 * outbound adapter, are public without a reason or are named like tools without being one.
 */
package dev.switchboard.plugin.archfixture.alpha.adapter.in.tool;
