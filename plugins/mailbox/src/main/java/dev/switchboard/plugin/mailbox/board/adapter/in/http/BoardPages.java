package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import java.util.Map;

import jakarta.inject.Singleton;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;

/**
 * Renders the board's pages with the jte templates of {@code src/main/jte}, precompiled by the build into
 * {@value #PACKAGE} (HTML content type: every {@code ${...}} is escaped for where it stands, text or attribute, and
 * shows bidirectional controls as marks, {@link VisibleBidiOutput}). The
 * engine and the template classes load on the first page asked for, so a server whose board nobody opens does no
 * template work at start (ADR 21). Thread-safe.
 */
@Singleton
final class BoardPages {

    static final String PACKAGE = "gg.jte.generated.mailbox.board";

    /** Built on first use: loading the engine and the template classes is the board's only start-up cost. */
    private static final class Engine {
        static final TemplateEngine INSTANCE =
                TemplateEngine.createPrecompiled(null, ContentType.Html, BoardPages.class.getClassLoader(), PACKAGE);
    }

    /**
     * @param template   a template's name, such as {@code channel.jte}
     * @param parameters its parameters by name
     * @return the HTML page
     */
    String render(String template, Map<String, Object> parameters) {
        StringOutput output = new StringOutput(8 * 1024);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        // jte looks precompiled templates up through the context class loader; they are in this plugin's.
        thread.setContextClassLoader(BoardPages.class.getClassLoader());
        try {
            Engine.INSTANCE.render(template, parameters, new VisibleBidiOutput(output));
        } finally {
            thread.setContextClassLoader(previous);
        }
        return output.toString();
    }
}
