/** The metrics plugin's instruments and what they read at scrape time. */
package dev.switchboard.plugin.metrics.application;
