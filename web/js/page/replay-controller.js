// Going back in the session's history: the timeline's scrub folds the log up to a seq at once,
// asks the server for that seq's results and code (one request in flight), and Live returns.

import { Timeline } from '../replay/timeline.js';

export class ReplayController {
  /**
   * @param {{slider, play, live, label}} controls the timeline's elements
   * @param {object} page session, app, link, board, codePanel (read when used)
   */
  constructor(controls, page) {
    this.page = page;
    this.timeline = new Timeline(controls, {
      scrub: (seq) => {
        page.app.update('replay', (replay) => { replay.fold = page.session.stateAt(seq); replay.wanted = seq; });
        this.request();
      },
      live: () => {
        page.app.update('replay', (replay) => Object.assign(replay, { fold: null, results: new Map(), wanted: null }));
        page.codePanel.freeze(null);
        for (const view of page.board.views.values()) view.invalidate();
      },
    });
  }

  /** Asks for the replay wanted, unless one is in flight. */
  request() {
    const replay = this.page.app.get('replay');
    if (replay.inFlight || replay.wanted === null) return;
    if (this.page.link.send({ type: 'replay', toSeq: replay.wanted })) replay.inFlight = true;
  }

  /** A `replayState` message: shown if it is the seq wanted, else the wanted one is asked for. */
  receive(msg) {
    const { app, codePanel } = this.page;
    const replay = app.get('replay');
    replay.inFlight = false;
    if (replay.fold === null) return;
    if (msg.seq !== replay.wanted) { this.request(); return; }
    app.update('replay', (r) => { r.results = new Map((msg.recognition ?? []).map((x) => [typeof x.screen === 'string' ? x.screen : x.screen?.id, x])); });
    codePanel.freeze(msg.files ?? []);
  }

  /** The server refused a replay for its rate (true), to be asked again when it says. */
  rateLimited(msg) {
    const replay = this.page.app.get('replay');
    if (!replay.inFlight) return false;
    replay.inFlight = false;
    setTimeout(() => this.request(), msg.retryAfterMs ?? 500);
    return true;
  }
}
