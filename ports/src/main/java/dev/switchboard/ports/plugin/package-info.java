/** What the kernel tells a plugin about itself: its id, its configuration subtree, its data directory. */
package dev.switchboard.ports.plugin;
