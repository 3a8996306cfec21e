/**
 * Shows the recorded exception of the standard-error rule: the stdio transport may point System.out at System.err.
 */
package dev.switchboard.plugin.transport.stdio.archfixture;
