// Wires the page together. Two stores hold what is shown: the SessionStore (the session's
// strokes and edits, queued ops on top, the selection) and the AppStore (UI state, results,
// replay, people here). Every change to either asks the FrameScheduler for a frame, and the
// PageRenderer draws everything in it, once. Each part lives in its own module; this one only
// creates and connects them.

import { Identity } from './identity.js';
import { SessionLink, defaultSocketUrl } from './protocol/session-link.js';
import { OpQueue } from './state/op-queue.js';
import { openQueueStorage } from './state/idb-queue-storage.js';
import { SessionStore } from './state/session-store.js';
import { AppStore } from './state/app-store.js';
import { SessionFold } from './state/fold.js';
import { stateHash } from './state/state-hash.js';
import { Board } from './canvas/board.js';
import { CanvasInput } from './canvas/input.js';
import { Navigator } from './canvas/navigation.js';
import { bindOffScreenHint } from './canvas/off-screen-hint.js';
import { CodePanel } from './code/code-panel.js';
import { CorrectionMenu } from './ui/correction-menu.js';
import { PeerPresence } from './ui/presence.js';
import { FrameScheduler } from './ui/frame-scheduler.js';
import { toast } from './ui/toast.js';
import { throttledHint } from './ui/hint.js';
import { UpToPreviewMeter } from './ui/metrics.js';
import { ShareDialog } from './ui/share-dialog.js';
import { Legend } from './legend/legend.js';
import { ExportDialog } from './export/export-dialog.js';
import { sketchSvg } from './export/sketch-svg.js';
import { parseFragment, fragmentFor, rememberTokens } from './share.js';
import { OpSync } from './page/sync.js';
import { selectionHelpers } from './page/selection-actions.js';
import { canvasCallbacks } from './page/canvas-callbacks.js';
import { ResultsView } from './page/results-view.js';
import { ReplayController } from './page/replay-controller.js';
import { ZoomControl } from './page/zoom.js';
import { bindToolbar } from './page/toolbar.js';
import { PageRenderer } from './page/renderer.js';

const $ = (id) => document.getElementById(id);

const identity = new Identity();
const fragment = parseFragment(location.hash);
const queue = new OpQueue(await openQueueStorage(), fragment.session ?? 'new');
await queue.load();
const session = new SessionStore(identity.clientId, queue);
const app = new AppStore({
  tool: 'pen', color: '#1b1f24', width: 2.5, debug: false, zoom: 'fit',
  role: fragment.session ? null : 'edit', linkState: 'connecting',
  hidden: new Set(), pendingMerge: null, toolBeforeLasso: 'pen',
  sessionEpoch: Date.now(), refolded: false,
  drag: null, // {dx, dy[, ids]} while the selection is dragged or nudged (drawn there, not yet an op)
  /** Latest recognition per screen: {seq, screen, elements, layout, detections (while the debug view is on)}. */
  results: new Map(),
  replay: { fold: null, results: new Map(), wanted: null, inFlight: false },
  /** The other people here, by client id. */
  participants: new Map(),
});

/** The page's parts, for the modules that connect them (each reads them when it is used). */
const page = {
  identity, queue, session, app, meter: new UpToPreviewMeter(),
  canEdit: () => app.get('role') === 'edit',
  editingNow: () => page.canEdit() && app.get('replay').fold === null,
  state: () => app.get('replay').fold ?? session.view(),
  perform: (event, options) => page.sync.perform(event, options),
  undoStep: (kind) => page.sync.undoStep(kind),
};
page.renderer = new PageRenderer(page);
page.scheduler = new FrameScheduler(() => page.renderer.render());
page.sync = new OpSync(page);
page.results = new ResultsView(page);
page.zoom = new ZoomControl(page);
page.selection = selectionHelpers(page);
page.nudges = page.selection.nudges;

// ---------------------------------------------------------------- link

const link = page.link = new SessionLink({
  url: defaultSocketUrl(),
  identity,
  lastSeq: () => session.lastSeq,
  handlers: {
    status(state) {
      app.set({ linkState: state });
      page.replay.timeline.setConnected(state === 'live');
      page.sync.linkChanged(state);
    },
    sessionCreated(msg) {
      rememberTokens(msg.session, { edit: msg.editToken, view: msg.viewToken });
      history.replaceState(null, '', fragmentFor(msg.session, msg.editToken));
      queue.rekey(msg.session);
    },
    joined(msg) {
      codePanel.resetVersion();
      const others = (msg.participants ?? []).filter((p) => p.clientId !== identity.clientId);
      app.set({ role: msg.role, participants: new Map(others.map((p) => [p.clientId, p])) });
    },
    events(msg) { page.sync.ingest(msg.records ?? []); },
    caughtUp(msg) { page.sync.flush(); page.zoom.restoreView(); page.scheduler.request(); page.sync.verify(msg); },
    ack(msg) {
      queue.settle(msg.clientOpId);
      const overlaps = msg.outcome?.kind === 'undid' ? msg.outcome.overlaps ?? [] : [];
      if (overlaps.length) toast(`Undone. ${overlaps.length} later change${overlaps.length > 1 ? 's' : ''} by others on those strokes stay${overlaps.length > 1 ? '' : 's'} in the history and come back if you redo.`);
    },
    recognition(msg) { page.results.receive(msg); },
    code(msg) { codePanel.setFull(msg); },
    codeDiff(msg) { if (!codePanel.applyDiff(msg)) link.send({ type: 'getCode' }); },
    ink(msg) { presence.addInk(msg); },
    presence(msg) {
      if (msg.clientId === identity.clientId) return;
      presence.moveCursor(msg);
      if (!app.get('participants').has(msg.clientId)) app.update('participants', (people) => people.set(msg.clientId, msg));
    },
    participant(msg) {
      if (msg.clientId !== identity.clientId) app.update('participants', (people) => people.set(msg.clientId, msg));
    },
    left(msg) {
      presence.leave(msg.clientId);
      app.update('participants', (people) => people.delete(msg.clientId));
    },
    replayState(msg) { page.replay.receive(msg); },
    exportResult(msg) { exportDialog.finished(msg); },
    shareLinkChanged(msg) { shareDialog.changed(msg); },
    tokenRevoked() { toast('The owner revoked or replaced the link you joined with: ask for a new one.', { kind: 'error', ms: 15000 }); },
    error(msg) { receiveError(msg); },
  },
});

function receiveError(msg) {
  if (page.sync.refused(msg)) return;
  if (msg.code === 'no_consent' || $('export').open) exportDialog.failed(msg.message ?? msg.code);
  else if (msg.code === 'rate_limited' && page.replay.rateLimited(msg)) return;
  // Dropped live ink, and results a daemon cannot give yet (no recognizer, no code so far), are
  // not the person's problem: the drawing itself is stored.
  if (msg.code === 'rate_limited' || msg.code === 'unavailable') return;
  if (msg.code === 'storage_unavailable') page.sync.storageTrouble();
  else if (msg.code === 'bad_token') toast('This link is not valid: the session does not exist or the token is wrong.', { kind: 'error', ms: 15000 });
  else if (msg.code !== 'no_consent') toast(msg.message ?? msg.code, { kind: 'error' });
}

// ---------------------------------------------------------------- board, input, navigation

const board = page.board = new Board($('board'), {
  rename: (screenId, name) => page.perform({ kind: 'screenRenamed', screenId, name }),
  resize: (screenId, width, height) => {
    const screen = session.view().screens().find((s) => s.id === screenId);
    if (screen) page.perform({ kind: 'screenAdded', screen: { id: screenId, name: screen.name, width, height } });
  },
  addScreen: () => {
    const count = session.view().screens().length;
    page.perform({ kind: 'screenAdded', screen: { id: identity.nextScreenId(), name: `Screen ${count + 1}`, width: 390, height: 844 } });
  },
  attach(view) {
    input.attach(view);
    page.results.attach(view);
  },
});
const input = new CanvasInput(canvasCallbacks(page));
const offScreenHint = throttledHint();
bindOffScreenHint($('board'), {
  wouldDraw: () => page.editingNow() && app.get('tool') !== 'select',
  hint: () => offScreenHint('Draw inside a screen: the white frames are the canvas.'),
});
page.nav = new Navigator(board, { zoomTo: (zoom) => page.zoom.set(zoom), pinchStarted: () => input.cancelTouchGesture() });
const presence = page.presence = new PeerPresence((screenId) => board.view(screenId),
  (strokeId) => session.confirmed.hasStroke(strokeId), () => page.scheduler.request());

// ---------------------------------------------------------------- code, corrections, replay, dialogs

const codePanel = page.codePanel = new CodePanel({ tabs: $('code-tabs'), body: $('code'), copy: $('code-copy') },
  { pickElement: (id) => page.results.selectElement(id) });
page.menu = new CorrectionMenu($('correction-menu'), {
  relabel: (element, label) => page.perform({ kind: 'labelCorrected', strokeIds: element.strokeIds, label }),
  setText: (element, text) => page.perform({ kind: 'textSet', strokeIds: element.strokeIds, text }),
  split: (element) => page.perform({ kind: 'strokesSplit', strokeIds: element.strokeIds }),
  ignore: (element) => page.perform({ kind: 'strokesIgnored', strokeIds: element.strokeIds, ignored: true }),
  merge(element) {
    const tool = app.get('tool');
    app.set({ toolBeforeLasso: tool === 'lasso' ? 'select' : tool });
    page.setTool('lasso');
    app.set({ pendingMerge: element });
    toast('Draw a loop around the strokes to merge with this element.');
  },
});
page.replay = new ReplayController({ slider: $('replay-slider'), play: $('replay-play'), live: $('replay-live'), label: $('replay-label') }, page);

page.legend = new Legend($('legend'), $('legend-grid'), $('legend-writing'));
const exportDialog = new ExportDialog($('export'), {
  requestExport(format) {
    const toSeq = page.replay.timeline.replaySeq ?? session.lastSeq;
    if (!link.send({ type: 'export', format, toSeq })) exportDialog.failed('Export needs the connection to the server; you are offline.');
  },
  saveSettings: (change) => page.perform({ kind: 'metadataSet', ...change }),
  currentState: () => session.view(),
  sketchSvg: () => sketchSvg(page.state().screens(), (screenId) => page.state().liveStrokes(screenId)),
  canEdit: page.canEdit,
});
const shareDialog = new ShareDialog($('share'), { link, identity, role: () => app.get('role') });
$('share-open').addEventListener('click', () => shareDialog.open());
$('export-open').addEventListener('click', () => exportDialog.open());
$('legend-open').addEventListener('click', () => page.legend.open());
page.setTool = bindToolbar(page);

// ---------------------------------------------------------------- start

app.onChange(() => page.scheduler.request());
// The raw detections cross the wire only while the debug view shows them (a replay shown now
// is asked for again, to come with them).
app.onChange((keys) => {
  if (!keys.has('debug')) return;
  link.watchDetections(app.get('debug'));
  if (app.get('debug')) page.replay.request();
});
session.onChange(() => page.scheduler.request());
queue.onChange(() => page.scheduler.request());
page.scheduler.flush();
page.legend.openOnFirstVisit();
link.start(fragment.session, fragment.token);

/** For the browser tests and the performance report. */
globalThis.sketchd = {
  identity, store: session, app, link, results: app.get('results'), codePanel, meter: page.meter, timeline: page.replay.timeline, presence,
  state: () => page.state(),
  selection: () => [...session.selection],
  stateHash: () => stateHash(session.confirmed),
  foldOf: (records) => SessionFold.fold(records),
};
