/**
 * Fixtures in the testkit's package (test scope code that hosts plugins and drives distributions), imported only by
 * the allowance tests.
 */
package dev.switchboard.testkit.archfixture;
