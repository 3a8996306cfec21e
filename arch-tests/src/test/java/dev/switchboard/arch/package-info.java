/**
 * The platform's architecture rules as one ArchUnit library ({@link dev.switchboard.arch.PlatformArchitectureRules}),
 * the test that checks them against every module's main code, and the tests that show each rule failing on a
 * deliberate violation (the fixtures live in the packages the rules target, under this module's test sources only).
 */
package dev.switchboard.arch;
