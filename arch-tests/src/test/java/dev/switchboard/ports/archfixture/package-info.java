/**
 * Deliberate violations of the ports rules, imported only by the violation tests (never by the real-code test).
 */
package dev.switchboard.ports.archfixture;
