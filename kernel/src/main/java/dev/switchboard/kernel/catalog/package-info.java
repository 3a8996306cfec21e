/**
 * Catalogs of what started plugins contribute besides tools: resources, prompts and extra secret scanners. Each keeps
 * its contributions by plugin id, so a failed or stopped plugin's contributions can be withdrawn.
 */
package dev.switchboard.kernel.catalog;
