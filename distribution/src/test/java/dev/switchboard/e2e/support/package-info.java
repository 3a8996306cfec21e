/**
 * Test support for the end-to-end tests: a private copy of the distribution ({@link
 * dev.switchboard.e2e.support.Installation}), a raw JSON-RPC stdio session ({@link
 * dev.switchboard.e2e.support.RawSession}), command runs ({@link dev.switchboard.e2e.support.CliRun}) and the test
 * plugin packager ({@link dev.switchboard.e2e.support.PluginZip}).
 */
package dev.switchboard.e2e.support;
