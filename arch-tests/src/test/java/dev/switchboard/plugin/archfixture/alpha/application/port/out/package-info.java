/**
 * The fixture plugin's outbound ports.
 */
package dev.switchboard.plugin.archfixture.alpha.application.port.out;
