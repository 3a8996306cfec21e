/** Fixtures that break the secret-files library rule. */
package dev.switchboard.secretfiles.archfixture;
