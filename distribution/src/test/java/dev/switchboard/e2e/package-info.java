/**
 * End-to-end tests of the built distribution ({@code target/switchboard}): each test copies the layout into a
 * temporary directory and drives {@code bin/switchboard} as a real process, with the MCP Java SDK client, the
 * official TypeScript SDK client, and raw JSON-RPC lines over stdio. Run by Failsafe after {@code package}.
 */
package dev.switchboard.e2e;
