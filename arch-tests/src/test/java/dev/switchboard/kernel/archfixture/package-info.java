/**
 * Deliberate violations of the kernel rules, imported only by the violation tests (never by the real-code test).
 */
package dev.switchboard.kernel.archfixture;
