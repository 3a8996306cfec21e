package dev.switchboard.testkit.sample;

import org.pf4j.Plugin;

/** The sample plugin's PF4J entry; no lifecycle work. */
public final class SamplePlugin extends Plugin {}
