// Wires the page together: identity, the session link, the store and its offline queue, the
// board and its input, the preview, code and debug views, corrections, replay, legend, share
// and export. Each part lives in its own module; this one only connects them.

import { Identity } from './identity.js';
import { SessionLink, defaultSocketUrl } from './protocol/session-link.js';
import { opRefusal } from './protocol/refusals.js';
import { Pacer } from './protocol/pacer.js';
import { OpQueue } from './state/op-queue.js';
import { openQueueStorage } from './state/idb-queue-storage.js';
import { SessionStore } from './state/session-store.js';
import { Board } from './canvas/board.js';
import { CanvasInput } from './canvas/input.js';
import { Navigator, stepZoom } from './canvas/navigation.js';
import { PreviewPanel } from './preview/preview.js';
import { applyPendingCorrections, flatten } from './preview/corrections.js';
import { CodePanel } from './code/code-panel.js';
import { renderElementOverlay, elementAt } from './ui/element-overlay.js';
import { CorrectionMenu } from './ui/correction-menu.js';
import { PeerPresence } from './ui/presence.js';
import { toast } from './ui/toast.js';
import { Timeline } from './replay/timeline.js';
import { Legend } from './legend/legend.js';
import { ExportDialog } from './export/export-dialog.js';
import { parseFragment, fragmentFor, rememberTokens } from './share.js';
import { ShareDialog } from './ui/share-dialog.js';
import { StatusBar } from './ui/status-bar.js';
import { strokeInLasso, strokeHit, strokesBounds } from './ink/smoothing.js';
import { rectFrom, strokesInRect, moveEvent, shiftedStroke, copyEvents, COPY_OFFSET } from './state/selection.js';
import { ignoredStrokes } from './state/ignored.js';
import { freeOffset } from './state/placement.js';
import { NudgeRun } from './state/nudge-run.js';
import { SessionFold } from './state/fold.js';
import { stateHash } from './state/state-hash.js';
import { bindShortcuts } from './ui/shortcuts.js';
import { bindThemeToggle } from './ui/theme.js';
import { bindPanelToggles } from './ui/panels.js';
import { bindToolbarMenu } from './ui/toolbar-menu.js';
import { sketchSvg } from './export/sketch-svg.js';
import { UpToPreviewMeter } from './ui/metrics.js';

const $ = (id) => document.getElementById(id);
const PRESENCE_INTERVAL_MS = 33;
const TIME_LIMIT_MS = 4_294_967_295;

const identity = new Identity();
const fragment = parseFragment(location.hash);
const queue = new OpQueue(await openQueueStorage(), fragment.session ?? 'new');
await queue.load();
const store = new SessionStore(identity.clientId, queue);

const ui = {
  tool: 'pen', color: '#1b1f24', width: 2.5, debug: false, zoom: 'fit',
  role: fragment.session ? null : 'edit', linkState: 'connecting',
  hidden: new Set(), pendingMerge: null, toolBeforeLasso: 'pen',
  sessionEpoch: Date.now(), refolded: false,
  drag: null, // {dx, dy} while the selection is dragged (drawn there, not yet an op)
};
/** Strokes copied with Ctrl/Cmd+C (each paste lands in free space). */
const clipboard = { strokes: [] };
/** Latest recognition per screen: {seq, screen, elements, detections, layout}. */
const results = new Map();
const replay = { fold: null, results: new Map(), wanted: null, inFlight: false };
const participants = new Map();
const sentOnThisLink = new Set();
const meter = new UpToPreviewMeter();
const pacer = new Pacer();
let flushTimer = 0;

// ---------------------------------------------------------------- link

const link = new SessionLink({
  url: defaultSocketUrl(),
  identity,
  lastSeq: () => store.lastSeq,
  handlers: {
    status(state) {
      ui.linkState = state;
      timeline.setConnected(state === 'live');
      if (state !== 'live') sentOnThisLink.clear();
      scheduleRender();
    },
    sessionCreated(msg) {
      rememberTokens(msg.session, { edit: msg.editToken, view: msg.viewToken });
      history.replaceState(null, '', fragmentFor(msg.session, msg.editToken));
      queue.rekey(msg.session);
    },
    joined(msg) {
      ui.role = msg.role;
      codePanel.resetVersion();
      participants.clear();
      for (const p of msg.participants ?? []) if (p.clientId !== identity.clientId) participants.set(p.clientId, p);
      board.setReadOnly(!canEdit());
      scheduleRender();
    },
    events(msg) { ingest(msg.records ?? []); },
    caughtUp(msg) { flushQueue(); restoreView(); scheduleRender(); verifyState(msg); },
    ack(msg) {
      queue.settle(msg.clientOpId);
      const overlaps = msg.outcome?.kind === 'undid' ? msg.outcome.overlaps ?? [] : [];
      if (overlaps.length) toast(`Undone. ${overlaps.length} later change${overlaps.length > 1 ? 's' : ''} by others on those strokes stay${overlaps.length > 1 ? '' : 's'} in the history and come back if you redo.`);
    },
    recognition(msg) { receiveRecognition(msg); },
    code(msg) { codePanel.setFull(msg); },
    codeDiff(msg) { if (!codePanel.applyDiff(msg)) link.send({ type: 'getCode' }); },
    ink(msg) { presence.addInk(msg); },
    presence(msg) {
      if (msg.clientId === identity.clientId) return;
      presence.moveCursor(msg);
      if (!participants.has(msg.clientId)) { participants.set(msg.clientId, msg); renderParticipants(); }
    },
    participant(msg) {
      if (msg.clientId !== identity.clientId) { participants.set(msg.clientId, msg); renderParticipants(); }
    },
    left(msg) { presence.leave(msg.clientId); participants.delete(msg.clientId); renderParticipants(); },
    replayState(msg) { receiveReplay(msg); },
    exportResult(msg) { exportDialog.finished(msg); },
    shareLinkChanged(msg) { shareDialog.changed(msg); },
    tokenRevoked() { toast('The owner revoked or replaced the link you joined with: ask for a new one.', { kind: 'error', ms: 15000 }); },
    error(msg) { receiveError(msg); },
  },
});

function canEdit() { return ui.role === 'edit'; }

function ingest(records) {
  if (store.records.length === 0 && records.length) ui.sessionEpoch = Math.min(ui.sessionEpoch, records[0].serverTime ?? ui.sessionEpoch);
  const fresh = store.ingest(records);
  for (const record of fresh) {
    if (record.event?.kind !== 'strokeAdded') continue;
    presence.strokeStored(record.event.stroke.id);
    if (record.author === identity.clientId) meter.stored(record.event.stroke.id, record.seq);
  }
  if (replay.fold === null) timeline.setHead(store.lastSeq);
  else timeline.head = store.lastSeq;
}

/**
 * Compares the fold with the server's state hash at `caughtUp`. On a mismatch the client has
 * diverged: it forgets its fold and joins again from seq 0 (once; a second mismatch is reported).
 */
async function verifyState(msg) {
  if (!msg.stateHash || msg.seq !== store.lastSeq) return;
  const mine = await stateHash(store.confirmed);
  if (mine === msg.stateHash || store.lastSeq !== msg.seq) return;
  if (ui.refolded) {
    console.warn('sketchd: state differs from the server after a full refold', { mine, server: msg.stateHash });
    toast('This page shows a different state than the server. Reload the page.', { kind: 'error', ms: 15000 });
    return;
  }
  ui.refolded = true;
  store.reset();
  link.reconnect();
}

/** Sends every queued op not yet sent on this connection, oldest first, paced. */
function flushQueue() {
  if (!link.isLive) return;
  for (const op of queue.pending()) {
    if (sentOnThisLink.has(op.clientOpId)) continue;
    if (!pacer.take(performance.now())) {
      clearTimeout(flushTimer);
      flushTimer = setTimeout(flushQueue, pacer.waitMs());
      return;
    }
    if (link.send({ type: 'op', clientOpId: op.clientOpId, event: op.event })) sentOnThisLink.add(op.clientOpId);
  }
}

/** Does something: queued durably, shown at once, sent when the link is live. */
function perform(event) {
  if (!canEdit()) { toast('This link is view-only.'); return; }
  nudges.flush(); // a run of arrow-key nudges is stored before what comes after it
  const { clientOpId, order } = identity.nextOp();
  store.perform(clientOpId, order, event);
  flushQueue();
}

function receiveRecognition(msg) {
  const screenId = typeof msg.screen === 'string' ? msg.screen : msg.screen?.id;
  if (!screenId) return;
  const shown = results.get(screenId);
  if (shown && shown.seq > msg.seq) return; // older than what is shown
  results.set(screenId, { ...msg, screen: screenId });
  meter.timeRender(renderNow);
  meter.previewShown(screenId, msg.seq);
}

let storageToastShownAt = -Infinity;

/** Says, at most every 10 s, that the server cannot write now and nothing is lost. */
function toastStorageTrouble() {
  if (performance.now() - storageToastShownAt < 10000) return;
  storageToastShownAt = performance.now();
  toast('Not saved yet: the server cannot write to its disk right now. Your drawing is kept here and sent again.', { kind: 'error', ms: 8000 });
}

function receiveError(msg) {
  if (msg.clientOpId) {
    const refusal = opRefusal(msg);
    if (refusal.retry) {
      // Send it and everything after it again, in order (the ones already stored come back as
      // duplicates), once the server's bucket has refilled or its storage is back.
      const pending = queue.pending();
      const from = pending.findIndex((op) => op.clientOpId === msg.clientOpId);
      for (const op of from < 0 ? [] : pending.slice(from)) sentOnThisLink.delete(op.clientOpId);
      clearTimeout(flushTimer);
      flushTimer = setTimeout(flushQueue, refusal.afterMs);
      if (msg.code === 'storage_unavailable') toastStorageTrouble();
      return;
    }
    queue.settle(msg.clientOpId); // refused for good: retrying would be refused again
    toast(`Not saved: ${msg.message ?? msg.code}`, { kind: 'error' });
    return;
  }
  if (msg.code === 'history_rewound') {
    // The server's copy was restored from an older backup: fold its log again from the start.
    // Ops not acknowledged yet stay queued and are sent again; acknowledged ones after the
    // backup are gone from the server.
    toast('This session was restored from a backup: changes made after it are lost; your unsent changes are kept and sent again.', { kind: 'error', ms: 15000 });
    store.reset();
    link.reconnect();
    return;
  }
  if (msg.code === 'no_consent' || $('export').open) exportDialog.failed(msg.message ?? msg.code);
  else if (msg.code === 'rate_limited' && replay.inFlight) {
    // The server takes one replay at a time, within a rate: ask again when it says.
    replay.inFlight = false;
    setTimeout(requestReplay, msg.retryAfterMs ?? 500);
    return;
  }
  // Dropped live ink, and results a daemon cannot give yet (no recognizer, no code so far), are
  // not the person's problem: the drawing itself is stored.
  if (msg.code === 'rate_limited' || msg.code === 'unavailable') return;
  if (msg.code === 'storage_unavailable') return toastStorageTrouble();
  if (msg.code === 'bad_token') toast('This link is not valid: the session does not exist or the token is wrong.', { kind: 'error', ms: 15000 });
  else if (msg.code !== 'no_consent') toast(msg.message ?? msg.code, { kind: 'error' });
}

// ---------------------------------------------------------------- board and input

const board = new Board($('board'), {
  rename: (screenId, name) => perform({ kind: 'screenRenamed', screenId, name }),
  resize: (screenId, width, height) => {
    const screen = store.view().screens().find((s) => s.id === screenId);
    if (screen) perform({ kind: 'screenAdded', screen: { id: screenId, name: screen.name, width, height } });
  },
  addScreen: () => {
    const count = store.view().screens().length;
    perform({ kind: 'screenAdded', screen: { id: identity.nextScreenId(), name: `Screen ${count + 1}`, width: 390, height: 844 } });
  },
  attach(view) {
    input.attach(view);
    previews.set(view.screen.id, { panel: new PreviewPanel(view.previewSlot, { onPick: pickFromPreview }), key: '' });
  },
});

let hintShownAt = -Infinity;
/** One unobtrusive hint per few seconds, however many gestures are refused. */
function hintOnce(text) {
  if (performance.now() - hintShownAt < 4000) return;
  hintShownAt = performance.now();
  toast(text, { kind: 'hint' });
}

let lastPresence = 0;
const input = new CanvasInput({
  tools: () => ({ tool: ui.tool, color: ui.color, width: ui.width, enabled: canEdit() && replay.fold === null }),
  newStrokeId: () => identity.nextStrokeId(),
  refused: () => hintOnce(canEdit()
    ? 'Replaying an earlier state: press Live to draw again.'
    : 'This link is view-only: ask the owner for an edit link to draw.'),
  clock: () => Math.min(TIME_LIMIT_MS, Math.max(0, Date.now() - ui.sessionEpoch)),
  strokeEnd(screenId, stroke) {
    meter.pointerUp(stroke.id, screenId);
    perform({ kind: 'strokeAdded', stroke });
    board.view(screenId)?.renderStrokes(store.view().liveStrokes(screenId), ui.hidden, ignoredStrokes(store.view().corrections())); // same frame as the pen clears
    scheduleRender();
  },
  ink(screen, strokeId, points, color, width) {
    link.send({ type: 'ink', strokeId, screen, points, color, width });
  },
  liveStrokes: (screenId) => store.view().liveStrokes(screenId),
  erasePreview(ids) { ui.hidden = new Set(ids); renderNow(); },
  erase(screenId, ids) {
    ui.hidden = new Set();
    perform({ kind: 'strokesErased', strokeIds: ids });
    scheduleRender();
  },
  selectStart(screenId, x, y, add) {
    nudges.flush();
    const hit = selectableAt(screenId, x, y);
    if (!hit.length) {
      if (!add) store.clearSelection();
      return 'marquee';
    }
    if (!hit.every((id) => store.selection.has(id))) store.select(hit, add);
    return 'move';
  },
  dragPreview(dx, dy) {
    ui.drag = dx || dy ? { dx, dy } : null;
    renderNow();
  },
  dragEnd(dx, dy) {
    ui.drag = null;
    const move = moveEvent(selectedIds(), dx, dy);
    if (move) perform(move);
    renderNow();
  },
  marquee(screenId, from, to, add) {
    store.select(strokesInRect(store.view().liveStrokes(screenId), rectFrom(from, to)), add);
  },
  select(screenId, x, y, event) {
    // A tap (not a drag) on part of a larger selection selects just that part.
    const hit = selectableAt(screenId, x, y);
    if (hit.length && !event.shiftKey) store.select(hit);
    const element = elementAt(displayElements(screenId), x, y);
    if (element) { menu.open(element, event.clientX, event.clientY, board.view(screenId)?.frame); return; }
    const ignored = ignoredStrokes(store.view().corrections());
    const picked = store.view().liveStrokes(screenId).find((s) => ignored.has(s.id) && strokeHit(s, x, y, 8));
    if (picked) {
      perform({ kind: 'strokesIgnored', strokeIds: ignored.get(picked.id), ignored: false });
      toast('No longer ignored: recognised again.');
    }
  },
  lasso(screenId, polygon) {
    const inside = store.view().liveStrokes(screenId).filter((s) => strokeInLasso(s, polygon)).map((s) => s.id);
    const ids = [...new Set([...(ui.pendingMerge?.strokeIds ?? []), ...inside])];
    const wasMerge = ui.pendingMerge !== null;
    ui.pendingMerge = null;
    if (wasMerge) setTool(ui.toolBeforeLasso);
    if (ids.length >= 2) {
      perform({ kind: 'strokesMerged', strokeIds: ids });
      toast(`Grouped ${ids.length} strokes into one element.`);
    } else {
      toast('Draw the loop around at least two strokes to group them.');
    }
  },
  presence(screen, x, y) {
    const now = performance.now();
    if (now - lastPresence < PRESENCE_INTERVAL_MS) return;
    lastPresence = now;
    link.send({ type: 'presence', screen, x: Math.round(x * 8) / 8, y: Math.round(y * 8) / 8 });
  },
});

/**
 * What a press with the select tool at (x, y) takes: a whole element (its children's strokes
 * too, such as a button's label), else the stroke on top.
 */
function selectableAt(screenId, x, y) {
  const view = store.view();
  const element = elementAt(displayElements(screenId), x, y);
  const ofElement = (element ? flatten([element]) : []).flatMap((e) => e.strokeIds ?? []).filter((id) => view.liveStroke(id));
  if (ofElement.length) return ofElement;
  const strokes = view.liveStrokes(screenId);
  for (let i = strokes.length - 1; i >= 0; i--) if (strokeHit(strokes[i], x, y, 6)) return [strokes[i].id];
  return [];
}

function selectedIds() { return store.selectedStrokes().map((s) => s.id); }

/** Arrow-key nudges: a run of them is drawn as it goes and stored as one move (one undo step). */
const nudges = new NudgeRun({
  commit(ids, dx, dy) {
    const move = moveEvent(ids, dx, dy);
    if (move) perform(move);
  },
  show(offset) {
    ui.drag = offset && { ...offset, ids: new Set(nudges.pending.ids) };
    renderNow();
  },
});
addEventListener('pagehide', () => nudges.flush());

function editingNow() { return canEdit() && replay.fold === null; }

/** Adds copies of `strokes` with new ids in free space on their screens, and selects the copies. */
function addCopies(strokes) {
  const view = store.view();
  const events = view.screens().flatMap((screen) => {
    const mine = strokes.filter((s) => s.screen === screen.id);
    if (!mine.length) return [];
    const { dx, dy } = freeOffset(mine, view.liveStrokes(screen.id), screen) ?? { dx: COPY_OFFSET, dy: COPY_OFFSET };
    return copyEvents(mine, dx, dy, () => identity.nextStrokeId());
  });
  for (const event of events) perform(event);
  store.select(events.map((e) => e.stroke.id));
}

/** Keyboard actions on the selection; each says whether it did something (else the key is left alone). */
const selectionActions = {
  selectAll() {
    if (replay.fold) return false;
    store.select(store.view().liveStrokes().map((s) => s.id));
    return true;
  },
  nudge(dx, dy) {
    const ids = selectedIds();
    if (!ids.length || !editingNow()) return false;
    menu.close();
    nudges.add(ids, dx, dy);
    return true;
  },
  erase() {
    const ids = selectedIds();
    if (!ids.length || !editingNow()) return false;
    menu.close();
    perform({ kind: 'strokesErased', strokeIds: ids });
    store.clearSelection();
    return true;
  },
  copy() {
    const strokes = store.selectedStrokes();
    if (!strokes.length) return false;
    clipboard.strokes = strokes;
    return true;
  },
  paste() {
    if (!clipboard.strokes.length || !editingNow()) return false;
    addCopies(clipboard.strokes);
    return true;
  },
  duplicate() {
    const strokes = store.selectedStrokes();
    if (!strokes.length || !editingNow()) return false;
    addCopies(strokes);
    return true;
  },
  fit() {
    const strokes = store.selectedStrokes();
    const view = strokes.length ? board.view(strokes[0].screen) : null;
    if (!view) return false;
    canvasNav.fitRect(view, strokesBounds(strokes.filter((s) => s.screen === strokes[0].screen)));
    return true;
  },
  clear() {
    if (store.selection.size === 0) return false;
    store.clearSelection();
    return true;
  },
};

const presence = new PeerPresence((screenId) => board.view(screenId), (strokeId) => store.confirmed.hasStroke(strokeId));

// ---------------------------------------------------------------- results, preview, code

/** A screen's elements as the person should see them now: the result plus newer corrections. */
function displayElements(screenId) {
  const source = replay.fold ? replay.results.get(screenId) : results.get(screenId);
  if (!source) return [];
  if (replay.fold) return source.elements ?? [];
  const view = store.view();
  const live = (id) => view.liveStroke(id);
  const corrected = applyPendingCorrections(source.elements ?? [], view.corrections(), source.seq, live);
  return corrected.filter((e) => (e.strokeIds ?? []).length === 0 || e.strokeIds.some(live));
}

/** Each screen's preview, drawn beside its drawing; `key` skips redrawing what did not change. */
const previews = new Map();

function pickFromPreview(element, node) {
  selectElement(element.id);
  const rect = node.getBoundingClientRect();
  menu.open(element, rect.left, rect.top, node);
}

const codePanel = new CodePanel({ tabs: $('code-tabs'), body: $('code'), copy: $('code-copy') }, { pickElement: selectElement });

/** Every element shown on every screen now, children included. */
function allDisplayElements() {
  return currentState().screens().flatMap((screen) => flatten(displayElements(screen.id)));
}

/** Selects the strokes of the element with this id (its children's too): a pick in the preview or the code. */
function selectElement(elementId) {
  if (replay.fold) return;
  const element = allDisplayElements().find((e) => e.id === elementId);
  const view = store.view();
  const ids = element ? flatten([element]).flatMap((e) => e.strokeIds ?? []).filter((id) => view.liveStroke(id)) : [];
  if (ids.length) store.select(ids);
}

/** The elements all of whose strokes are selected: their code is marked. */
function selectedElementIds() {
  if (replay.fold || store.selection.size === 0) return [];
  return allDisplayElements().filter((e) => (e.strokeIds ?? []).length && e.strokeIds.every((id) => store.selection.has(id))).map((e) => e.id);
}

const menu = new CorrectionMenu($('correction-menu'), {
  relabel: (element, label) => perform({ kind: 'labelCorrected', strokeIds: element.strokeIds, label }),
  setText: (element, text) => perform({ kind: 'textSet', strokeIds: element.strokeIds, text }),
  split: (element) => perform({ kind: 'strokesSplit', strokeIds: element.strokeIds }),
  ignore: (element) => perform({ kind: 'strokesIgnored', strokeIds: element.strokeIds, ignored: true }),
  merge(element) {
    ui.pendingMerge = element;
    ui.toolBeforeLasso = ui.tool === 'lasso' ? 'select' : ui.tool;
    setTool('lasso');
    toast('Draw a loop around the strokes to merge with this element.');
  },
});

// ---------------------------------------------------------------- replay

const timeline = new Timeline(
  { slider: $('replay-slider'), play: $('replay-play'), live: $('replay-live'), label: $('replay-label') },
  {
    scrub(seq) {
      replay.fold = store.stateAt(seq);
      replay.wanted = seq;
      requestReplay();
      renderNow();
    },
    live() {
      replay.fold = null;
      replay.results = new Map();
      replay.wanted = null;
      codePanel.freeze(null);
      for (const view of board.views.values()) view.invalidate();
      renderNow();
    },
  },
);

function requestReplay() {
  if (replay.inFlight || replay.wanted === null) return;
  if (link.send({ type: 'replay', toSeq: replay.wanted })) replay.inFlight = true;
}

function receiveReplay(msg) {
  replay.inFlight = false;
  if (replay.fold === null) return;
  if (msg.seq === replay.wanted) {
    replay.results = new Map((msg.recognition ?? []).map((r) => [typeof r.screen === 'string' ? r.screen : r.screen?.id, r]));
    codePanel.freeze(msg.files ?? []);
    renderNow();
  } else {
    requestReplay();
  }
}

// ---------------------------------------------------------------- dialogs

const legend = new Legend($('legend'), $('legend-grid'));
const exportDialog = new ExportDialog($('export'), {
  requestExport(format) {
    const toSeq = timeline.replaySeq ?? store.lastSeq;
    if (!link.send({ type: 'export', format, toSeq })) exportDialog.failed('Export needs the connection to the server; you are offline.');
  },
  saveSettings: (change) => perform({ kind: 'metadataSet', ...change }),
  currentState: () => store.view(),
  sketchSvg: () => sketchSvg(currentState().screens(), (screenId) => currentState().liveStrokes(screenId)),
  canEdit,
});

const shareDialog = new ShareDialog($('share'), { link, identity, role: () => ui.role });

$('share-open').addEventListener('click', () => shareDialog.open());
$('export-open').addEventListener('click', () => exportDialog.open());
$('legend-open').addEventListener('click', () => legend.open());

// ---------------------------------------------------------------- toolbar

function setTool(tool) {
  ui.tool = tool;
  if (tool !== 'lasso') ui.pendingMerge = null;
  for (const b of document.querySelectorAll('.tool')) b.setAttribute('aria-checked', String(b.dataset.tool === tool));
  document.body.dataset.tool = tool;
}

function setColor(color) {
  ui.color = color;
  for (const b of document.querySelectorAll('.swatch')) b.setAttribute('aria-checked', String(b.dataset.color === color));
}

function setDebug(on) {
  ui.debug = on;
  $('debug-toggle').setAttribute('aria-pressed', String(on));
  document.body.classList.toggle('debug-on', on);
}

for (const b of document.querySelectorAll('.tool')) b.addEventListener('click', () => setTool(b.dataset.tool));
for (const b of document.querySelectorAll('.swatch')) b.style.setProperty('--c', b.dataset.color);
for (const b of document.querySelectorAll('.swatch')) b.addEventListener('click', () => { setColor(b.dataset.color); if (ui.tool !== 'pen') setTool('pen'); });
$('pen-width').addEventListener('change', (e) => { ui.width = Number(e.target.value); e.target.blur(); });
$('undo').addEventListener('click', () => perform({ kind: 'undo' }));
$('redo').addEventListener('click', () => perform({ kind: 'redo' }));
$('debug-toggle').addEventListener('click', () => setDebug(!ui.debug));
bindThemeToggle($('theme-toggle'));
bindToolbarMenu(document.querySelector('.toolbar'), $('more-toggle'), $('toolbar-more'));
$('add-screen-tool').addEventListener('click', () => board.actions.addScreen());
$('zoom').addEventListener('change', (e) => {
  setZoomSetting(e.target.value === 'fit' ? 'fit' : Number(e.target.value));
  e.target.blur(); // shortcuts go on working after a choice
});
addEventListener('resize', () => { if (ui.zoom === 'fit') applyZoom(); });
bindPanelToggles({ preview: $('show-preview'), code: $('show-code') }, () => { if (ui.zoom === 'fit') applyZoom(); });

bindShortcuts({
  undo: () => { if (canEdit()) perform({ kind: 'undo' }); },
  redo: () => { if (canEdit()) perform({ kind: 'redo' }); },
  tool: setTool,
  debug: () => setDebug(!ui.debug),
  legend: () => legend.open(),
  zoomIn: () => canvasNav.zoomAbout(stepZoom(board.zoom, 1)),
  zoomOut: () => canvasNav.zoomAbout(stepZoom(board.zoom, -1)),
  zoomActual: () => canvasNav.zoomAbout(1),
  fitAll: () => { setZoomSetting('fit'); board.root.scrollTo(0, 0); },
  escape: () => {
    if (menu.isOpen) menu.close();
    else if (ui.pendingMerge) { ui.pendingMerge = null; setTool(ui.toolBeforeLasso); }
    else if (selectionActions.clear()) { /* Esc clears the selection */ }
    else if (timeline.isReplaying) timeline.goLive();
  },
  selection: selectionActions,
});

const canvasNav = new Navigator(board, { zoomTo: (zoom) => setZoomSetting(zoom), pinchStarted: () => input.cancelTouchGesture() });

/** Sets the zoom to 'fit' (every screen visible) or a number, shows it and remembers it. */
function setZoomSetting(zoom) {
  ui.zoom = zoom;
  const select = $('zoom');
  const value = String(zoom);
  let option = [...select.options].find((o) => o.value === value);
  if (!option) {
    option = select.querySelector('option[data-custom]') ?? select.appendChild(document.createElement('option'));
    option.dataset.custom = 'true';
    option.value = value;
    option.textContent = `${Math.round(zoom * 100)}%`;
  }
  select.value = value;
  applyZoom();
  canvasNav.save(zoom);
}

let viewRestored = false;
/** Once per page: the zoom and scroll this session had here last time. */
function restoreView() {
  if (viewRestored || !link.session) return;
  viewRestored = true;
  const stored = canvasNav.restore(link.session, ui.zoom);
  if (!stored) return;
  setZoomSetting(stored.zoom);
  canvasNav.scrollTo(stored);
}

function applyZoom() {
  const screens = currentState().screens();
  board.setZoom(ui.zoom === 'fit' ? board.fitZoom(screens) : Number(ui.zoom));
  presence.relayout();
  presence.redrawAll();
  renderNow();
}

// ---------------------------------------------------------------- rendering

function currentState() { return replay.fold ?? store.view(); }

let frameRequested = false;
function scheduleRender() {
  if (frameRequested) return;
  frameRequested = true;
  requestAnimationFrame(() => { frameRequested = false; renderNow(); });
}

let renderedZoomFor = '';
function renderNow() {
  const state = currentState();
  const screens = state.screens();
  board.setScreens(screens);
  const dragged = ui.drag && !replay.fold ? { ids: store.selection, ...ui.drag } : null;
  board.renderStrokes(state, ui.hidden, ignoredStrokes(state.corrections()), dragged);
  const selected = replay.fold ? [] : store.selectedStrokes();
  for (const screen of screens) {
    const view = board.view(screen.id);
    const source = replay.fold ? replay.results.get(screen.id) : results.get(screen.id);
    renderElementOverlay(view, displayElements(screen.id), source?.detections ?? [], store.selection);
    const mine = selected.filter((s) => s.screen === screen.id);
    view.showSelection(strokesBounds(dragged ? mine.map((s) => shiftedStroke(s, dragged.dx, dragged.dy)) : mine));
  }
  renderPreviews(state, screens);
  const selectedElements = selectedElementIds();
  codePanel.showElements(selectedElements);
  markSelectedInPreviews(new Set(selectedElements));
  // Fit again when a size changes or a preview first takes its room beside its drawing.
  const sizeKey = screens.map((s) => `${s.id}:${s.width}x${s.height}:${board.view(s.id)?.previewSlot.childElementCount ? 1 : 0}`).join(',');
  if (ui.zoom === 'fit' && sizeKey !== renderedZoomFor) {
    renderedZoomFor = sizeKey;
    board.setZoom(board.fitZoom(screens));
    scheduleRender(); // the strokes and previews at the new zoom
  }
  renderChrome(state);
}

let resultTokens = new WeakMap();
let nextResultToken = 1;
/** A short stable token per result object, for the previews' change keys. */
function tokenOf(result) {
  if (!result) return 0;
  if (!resultTokens.has(result)) resultTokens.set(result, nextResultToken++);
  return resultTokens.get(result);
}

function renderPreviews(state, screens) {
  const view = store.view();
  const corrections = view.corrections();
  const correctionsKey = `${corrections.length}:${corrections.at(-1)?.seq ?? 0}`;
  const readOnly = !canEdit() || replay.fold !== null;
  for (const screen of screens) {
    const entry = previews.get(screen.id);
    if (!entry) continue;
    const source = replay.fold ? replay.results.get(screen.id) : results.get(screen.id);
    const key = [tokenOf(source), correctionsKey, state.liveStrokes(screen.id).length, JSON.stringify(state.theme),
      readOnly, board.zoom, screen.width, screen.height].join('|');
    if (key === entry.key) continue;
    entry.key = key;
    entry.panel.show({
      screen, elements: displayElements(screen.id), preview: source?.preview ?? null,
      theme: state.theme, readOnly, scale: board.zoom,
    });
  }
}

/** Marks the selected elements in the previews too (the previews redraw only when their result changes). */
function markSelectedInPreviews(ids) {
  for (const node of document.querySelectorAll('.preview [data-element-id]')) {
    node.classList.toggle('selected', ids.has(node.dataset.elementId));
  }
}

function renderChrome(state) {
  const view = store.view();
  const editing = canEdit() && replay.fold === null;
  $('undo').disabled = !editing || view.undoStack(identity.clientId).length === 0;
  $('redo').disabled = !editing || view.redoStack(identity.clientId).length === 0;
  document.body.classList.toggle('read-only', !canEdit());
  $('session-title').textContent = state.sessionTitle ? `· ${state.sessionTitle}` : '';
  document.title = state.sessionTitle ? `${state.sessionTitle} · sketchd` : 'sketchd';
  renderStatus();
  renderParticipants();
}

const statusBar = new StatusBar($('status'), $('participants'));

function renderStatus() {
  statusBar.showStatus({ linkState: ui.linkState, queued: queue.size, role: ui.role });
  document.body.classList.toggle('results-paused', ui.linkState !== 'live' && replay.fold === null);
}

function renderParticipants() {
  statusBar.showPeople([{ clientId: identity.clientId, name: `${identity.name} (you)`, color: identity.color }, ...participants.values()]);
}

store.onChange(() => { scheduleRender(); });
queue.onChange(() => renderStatus());

// ---------------------------------------------------------------- start

setTool('pen');
setColor(ui.color);
renderNow();
legend.openOnFirstVisit();
link.start(fragment.session, fragment.token);

/** For the browser tests and the performance report. */
globalThis.sketchd = {
  identity, store, link, results, codePanel, meter, timeline, presence,
  state: () => currentState(),
  selection: () => [...store.selection],
  stateHash: () => stateHash(store.confirmed),
  foldOf: (records) => SessionFold.fold(records),
};
