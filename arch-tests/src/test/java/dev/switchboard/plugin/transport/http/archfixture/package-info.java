/** Breaks the rule that keeps the MCP SDK's modern API inside the bridge: a transport naming it. */
package dev.switchboard.plugin.transport.http.archfixture;
