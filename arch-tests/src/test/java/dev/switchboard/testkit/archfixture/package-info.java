/**
 * Fixtures in the testkit's package, imported only by the allowance tests.
 */
package dev.switchboard.testkit.archfixture;
