/** The tool-call observer that feeds the metrics. */
package dev.switchboard.plugin.metrics.adapter.in.observer;
