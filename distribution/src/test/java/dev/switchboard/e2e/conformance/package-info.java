/**
 * Running the official MCP conformance suite ({@code @modelcontextprotocol/conformance}, pinned in
 * {@code src/test/node/package.json}) against the built distribution with the conformance fixture plugin enabled:
 * the suite's CLI ({@link dev.switchboard.e2e.conformance.ConformanceSuite}), its results
 * ({@link dev.switchboard.e2e.conformance.ConformanceRun}), the HTTP-to-stdio test bridge
 * ({@link dev.switchboard.e2e.conformance.StdioBridge}) and a server on Switchboard's own HTTP transport
 * ({@link dev.switchboard.e2e.conformance.HttpServer}).
 */
package dev.switchboard.e2e.conformance;
