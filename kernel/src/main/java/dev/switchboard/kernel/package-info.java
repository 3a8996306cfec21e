/**
 * The host: boots the server, loads and starts plugins, keeps the catalogs of tools, resources and prompts, runs
 * calls, and provides the default secret scanner and process executor. Free of MCP, Helidon, jOOQ and SQLite types.
 */
package dev.switchboard.kernel;
