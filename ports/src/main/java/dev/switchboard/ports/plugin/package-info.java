/**
 * What the kernel tells a plugin about itself (its id, configuration subtree and data directory) and the
 * {@link dev.switchboard.ports.plugin.ManagedService} extension point for long-lived work started and stopped with
 * the server.
 */
package dev.switchboard.ports.plugin;
