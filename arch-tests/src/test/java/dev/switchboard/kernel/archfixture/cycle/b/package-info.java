/**
 * Half of a deliberate package cycle, imported only by the violation tests.
 */
package dev.switchboard.kernel.archfixture.cycle.b;
