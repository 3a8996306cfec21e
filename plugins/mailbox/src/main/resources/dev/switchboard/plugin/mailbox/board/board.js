// The board's one script (ADR 67), served same-origin from /board-assets/board.js; the pages carry no inline code
// and read the same without it. It does two things:
//  1. keeps every <time datetime> relative ("3 min ago"), by the rule of the server's Ago class;
//  2. listens to the page's own event stream (the page's path asked with Accept: text/event-stream) and, on each
//     "change", re-reads the page and swaps its <main> in place when it differs, so the page follows the server
//     without a reload. The stream's first event, sent once the server has subscribed, is a change: what changed
//     between the page's reading and the subscription (or while the stream reconnected) is read then.
(function () {
  "use strict";

  function relative(at, now) {
    var seconds = Math.floor((now - at) / 1000);
    if (seconds < 1) { return "just now"; }
    if (seconds < 60) { return seconds + " s ago"; }
    if (seconds < 3600) { return Math.floor(seconds / 60) + " min ago"; }
    if (seconds < 86400) { return Math.floor(seconds / 3600) + " h ago"; }
    return Math.floor(seconds / 86400) + " d ago";
  }

  function refreshTimes(root) {
    var now = Date.now();
    root.querySelectorAll("time[datetime]").forEach(function (element) {
      var at = Date.parse(element.getAttribute("datetime"));
      if (!isNaN(at)) {
        element.textContent = relative(at, now);
      }
    });
  }

  function withoutMoments(main) {
    var copy = main.cloneNode(true);
    copy.querySelectorAll("time").forEach(function (element) {
      element.removeAttribute("datetime");
      element.removeAttribute("title");
      element.textContent = "";
    });
    return copy.innerHTML;
  }

  function setLive(state, text) {
    document.querySelectorAll(".live").forEach(function (element) {
      element.setAttribute("data-state", state);
      element.textContent = text;
    });
  }

  var reading = false;
  var again = false;
  var submitting = false;

  // A form being submitted (the owner's Abort) must stay in the document: a form swapped out of it is not sent.
  document.addEventListener("submit", function () { submitting = true; }, true);

  function reread() {
    if (submitting) {
      return;
    }
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    fetch(window.location.href, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (response) {
        if (!response.ok) {
          throw new Error("HTTP " + response.status);
        }
        return response.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        var next = fresh.querySelector("main");
        var current = document.querySelector("main");
        // A page that differs only in its moments (the channel's "as of") is left alone: swapping it would only lose
        // the reader's focus and selection.
        if (next && current && !submitting && withoutMoments(next) !== withoutMoments(current)) {
          current.replaceWith(document.adoptNode(next));
          document.title = fresh.title;
          document.documentElement.setAttribute("data-updated", String(Date.now()));
        }
        refreshTimes(document);
        setLive("live", "Live: this page follows the server's changes.");
      })
      .catch(function () {
        setLive("stale", "Not live: reload the page.");
      })
      .finally(function () {
        reading = false;
        if (again) {
          again = false;
          reread();
        }
      });
  }

  refreshTimes(document);
  window.setInterval(function () { refreshTimes(document); }, 15000);
  // A page without the live marker (an error page) has nothing to follow.
  if (window.EventSource && document.querySelector(".live")) {
    var events = new EventSource(window.location.pathname + window.location.search);
    events.addEventListener("change", function () {
      // The first change of each connection comes once the server follows the page's topics: from then on, no
      // change is missed.
      document.documentElement.setAttribute("data-live", "open");
      reread();
    });
    events.addEventListener("error", function () {
      // A network error reconnects by itself; a refusal closes the stream for good. Reloading cannot mend an ended
      // session (401): only a new board link can, so that is what the page says then.
      if (events.readyState !== EventSource.CLOSED) {
        setLive("stale", "Reconnecting…");
        return;
      }
      fetch(window.location.href, { credentials: "same-origin", headers: { "Accept": "text/html" } })
        .then(function (response) { return response.status; }, function () { return 0; })
        .then(function (status) {
          setLive("stale", status === 401
            ? "Not live: this board session has ended. Ask for a new board link (board_link)."
            : "Not live: reload the page.");
        });
    });
  }
}());
