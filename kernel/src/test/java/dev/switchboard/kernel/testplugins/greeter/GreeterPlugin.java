package dev.switchboard.kernel.testplugins.greeter;

import org.pf4j.Plugin;

/** A test plugin with one tool and one migration. */
public class GreeterPlugin extends Plugin {}
