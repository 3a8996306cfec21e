/**
 * Driving a built distribution in end-to-end tests: a private copy of it ({@link
 * dev.switchboard.testkit.distribution.Installation}) with command runs ({@link
 * dev.switchboard.testkit.distribution.CliRun}), a raw JSON-RPC stdio session ({@link
 * dev.switchboard.testkit.distribution.RawSession}), an HTTP server ({@link
 * dev.switchboard.testkit.distribution.HttpServe}), the MCP Java SDK's clients on either ({@link
 * dev.switchboard.testkit.distribution.McpClients}) and the TypeScript SDK's through {@code node --test} ({@link
 * dev.switchboard.testkit.distribution.NodeTests}).
 */
package dev.switchboard.testkit.distribution;
