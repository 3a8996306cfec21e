/**
 * Test support for the end-to-end tests beyond the testkit's distribution helpers
 * ({@code dev.switchboard.testkit.distribution}): tool calls through the Java SDK's client ({@link
 * dev.switchboard.e2e.support.ToolCalls}, over HTTP with {@link dev.switchboard.e2e.support.HttpClients}) and a
 * result's parts ({@link dev.switchboard.e2e.support.ToolResults}), handoff arguments and digests ({@link
 * dev.switchboard.e2e.support.Handoffs}),
 * client sessions that one scenario can interleave whichever SDK drives them ({@link
 * dev.switchboard.e2e.support.ToolSession}: {@link dev.switchboard.e2e.support.JavaSdkSession}, {@link
 * dev.switchboard.e2e.support.TypeScriptSession}), where the Node.js scripts live ({@link
 * dev.switchboard.e2e.support.NodeScripts}), processes a command under test started ({@link
 * dev.switchboard.e2e.support.Pids}), a direct look into a server's database ({@link
 * dev.switchboard.e2e.support.SqliteFile}), the test plugins ({@link dev.switchboard.e2e.support.TestPlugins}) and
 * the one {@code serve --http} the classes that need only shipped defaults share ({@link
 * dev.switchboard.e2e.support.SharedHttpServe}), and one {@code serve --http} of a class's own that its tests share
 * ({@link dev.switchboard.e2e.support.ClassHttpServe}).
 */
package dev.switchboard.e2e.support;
