/**
 * The workspace rules in plain Java: revisions, request fingerprints, line windows, text formats (BOM, line endings)
 * and the edit algorithm. No I/O, no frameworks.
 */
package dev.switchboard.plugin.workspace.domain;
