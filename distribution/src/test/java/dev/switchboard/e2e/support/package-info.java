/**
 * Test support for the end-to-end tests: a private copy of the distribution ({@link
 * dev.switchboard.e2e.support.Installation}), a raw JSON-RPC stdio session ({@link
 * dev.switchboard.e2e.support.RawSession}), the MCP Java SDK's stdio client on a server ({@link
 * dev.switchboard.e2e.support.SdkStdio}) and its results ({@link dev.switchboard.e2e.support.ToolResults}), an HTTP
 * server ({@link dev.switchboard.e2e.support.HttpServe}), command runs ({@link dev.switchboard.e2e.support.CliRun}),
 * processes a command under test started ({@link dev.switchboard.e2e.support.Pids}), a direct look into a server's
 * database ({@link dev.switchboard.e2e.support.SqliteFile}) and the test plugin packager ({@link
 * dev.switchboard.e2e.support.PluginZip}).
 */
package dev.switchboard.e2e.support;
