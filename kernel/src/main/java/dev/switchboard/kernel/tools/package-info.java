/**
 * The tool catalog and invoker: unique, validated wire names (with operator prefixes), argument validation against
 * each tool's JSON Schema before any handler runs, and the mapping of whatever a handler does to a tool result.
 */
package dev.switchboard.kernel.tools;
