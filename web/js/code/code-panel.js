// The code panel: the generated SwiftUI files, highlighted, with the lines of the last change
// marked. Kept up to date from `code` (full files) and `codeDiff` (hunks against a version).
// Their source map (element id -> lines per file) links code and canvas: the selected elements'
// lines are marked, and a click on a line picks the innermost element whose code holds it.

import { applyHunks, changedLineIndexes, DiffMismatchError } from './line-diff.js';
import { highlightSwift } from './highlight.js';

/** A screen's file declares a SwiftUI view (the app, theme and style files do not). */
function isScreenFile(text) { return /\bstruct\s+\w+\s*:\s*View\b/.test(text ?? ''); }

export class CodePanel {
  /**
   * @param {{tabs: HTMLElement, body: HTMLElement, copy: HTMLElement}} parts
   * @param {{pickElement?: (elementId: string) => void}} actions
   */
  constructor(parts, actions = {}) {
    this.parts = parts;
    this.actions = actions;
    /** path -> {elementId: [start, end)} of the shown version. */
    this.sourceMap = {};
    /** The element ids whose lines are marked, and the key of what was last marked. */
    this.linked = new Set();
    this.linkedKey = '';
    /** @type {Map<string, string>} */
    this.files = new Map();
    this.changed = new Map();
    this.version = -1;
    this.seq = -1;
    this.active = null;
    this.frozen = null; // files shown while replaying
    parts.copy.addEventListener('click', () => this.#copy(parts.copy));
    parts.body.addEventListener('click', (e) => {
      const line = e.target instanceof Element ? e.target.closest('.code-line') : null;
      const id = line ? this.elementAtLine(this.active, Number(line.dataset.line)) : null;
      if (id) this.actions.pickElement?.(id);
    });
  }

  /** The innermost element whose code holds line `index` (0-based) of `path`, or null. */
  elementAtLine(path, index) {
    if (this.frozen) return null;
    let best = null, bestSize = Infinity;
    for (const [id, [start, end]] of Object.entries(this.sourceMap[path] ?? {})) {
      if (index >= start && index < end && end - start < bestSize) { best = id; bestSize = end - start; }
    }
    return best;
  }

  /**
   * Marks the lines of these element ids (the selection); when none is in the shown file, shows
   * the file that has the first of them.
   */
  showElements(ids) {
    const key = [...ids].sort().join('|');
    if (key === this.linkedKey) return;
    this.linkedKey = key;
    this.linked = new Set(ids);
    const inShown = (path) => [...this.linked].some((id) => this.sourceMap[path]?.[id]);
    if (this.linked.size && !inShown(this.active)) {
      const other = Object.keys(this.sourceMap).find(inShown);
      if (other && this.files.has(other)) this.active = other;
    }
    this.#render(false, true);
  }

  /**
   * Accept the next full `code` whatever its version: after a (re)join the server may have
   * restarted and numbers versions afresh.
   */
  resetVersion() { this.version = -1; }

  /** A full `code` message. Older versions than the one shown are ignored. */
  setFull(message) {
    if (message.version < this.version) return;
    const next = new Map();
    for (const file of message.files ?? []) {
      const before = this.files.get(file.path);
      next.set(file.path, file.text);
      this.changed.set(file.path, before === undefined ? [] : changedLineIndexes(before, file.text));
    }
    this.files = next;
    this.sourceMap = message.sourceMap ?? {};
    this.version = message.version;
    this.seq = message.seq ?? this.seq;
    this.#render(true);
  }

  /**
   * A `codeDiff` message. Returns false when it does not fit what is shown (another base
   * version, or hunks that do not match): the caller then asks for the full code.
   */
  applyDiff(message) {
    if (message.version <= this.version) return true; // already have it (or newer)
    if (message.baseVersion !== this.version) return false;
    const next = new Map(this.files);
    const changed = new Map();
    try {
      for (const file of message.files ?? []) {
        if (file.deleted) { next.delete(file.path); continue; }
        if (typeof file.text === 'string') {
          next.set(file.path, file.text);
          changed.set(file.path, []);
          continue;
        }
        const old = next.get(file.path);
        if (old === undefined) return false;
        const result = applyHunks(file.hunks ?? [], old);
        next.set(file.path, result.text);
        changed.set(file.path, result.changedLines);
      }
    } catch (error) {
      if (error instanceof DiffMismatchError) return false;
      throw error;
    }
    this.files = next;
    this.sourceMap = message.sourceMap ?? this.sourceMap;
    for (const [path, lines] of changed) this.changed.set(path, lines);
    this.version = message.version;
    this.seq = message.seq ?? this.seq;
    // Follow a change only into another screen's file: a title or theme change (MyApp.swift,
    // Theme.swift) does not pull the panel away from the screen being drawn.
    const firstChanged = [...changed.entries()].find(([path, lines]) => lines.length && isScreenFile(next.get(path)))?.[0];
    if (firstChanged) this.active = firstChanged;
    this.#render(true);
    return true;
  }

  /** Shows fixed files (a replayed state) instead of the live ones; null goes back to live. */
  freeze(files) {
    this.frozen = files ? new Map(files.map((f) => [f.path, f.text])) : null;
    this.#render(false);
  }

  /** The text of every live file, by path. */
  text(path) { return this.files.get(path); }

  allText() { return [...this.files.values()].join('\n'); }

  #shownFiles() { return this.frozen ?? this.files; }

  /** Copies the file shown and says so on the button for a moment ("Copied", or why not). */
  async #copy(button) {
    let label = 'Copied';
    try {
      await navigator.clipboard.writeText(this.#shownFiles().get(this.active) ?? '');
    } catch {
      label = 'Copy failed';
    }
    button.textContent = label;
    clearTimeout(this.copiedTimer);
    this.copiedTimer = setTimeout(() => { button.textContent = 'Copy'; }, 2000);
  }

  /** The 0-based lines of the shown file that the linked elements' code takes. */
  #linkedLines() {
    const lines = new Set();
    if (this.frozen) return lines;
    for (const id of this.linked) {
      const range = this.sourceMap[this.active]?.[id];
      if (range) for (let i = range[0]; i < range[1]; i++) lines.add(i);
    }
    return lines;
  }

  #render(scrollToChange, scrollToLinked = false) {
    const files = this.#shownFiles();
    if (!files.has(this.active)) {
      this.active = [...files.keys()].find((path) => isScreenFile(files.get(path))) ?? files.keys().next().value ?? null;
    }
    const tabs = [...files.keys()].map((path) => {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.className = 'file-tab';
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-selected', String(path === this.active));
      tab.textContent = path;
      tab.addEventListener('click', () => { this.active = path; this.#render(true); });
      return tab;
    });
    this.parts.tabs.replaceChildren(...tabs);
    const text = files.get(this.active);
    if (text === undefined) {
      this.parts.body.innerHTML = '<div class="code-empty">The SwiftUI code appears here as you draw.</div>';
      return;
    }
    const marked = new Set(this.frozen ? [] : (this.changed.get(this.active) ?? []));
    const linked = this.#linkedLines();
    const ofElement = new Set();
    if (!this.frozen) for (const [start, end] of Object.values(this.sourceMap[this.active] ?? {})) for (let i = start; i < end; i++) ofElement.add(i);
    const html = text.split('\n').map((line, i) =>
      `<div class="code-line${marked.has(i) ? ' changed' : ''}${linked.has(i) ? ' linked' : ''}${ofElement.has(i) ? ' of-element' : ''}" data-line="${i}"><span class="ln">${i + 1}</span><span class="lc">${highlightSwift(line) || ' '}</span></div>`);
    this.parts.body.innerHTML = html.join('');
    if (scrollToLinked && linked.size) this.#reveal(this.parts.body.querySelector('.code-line.linked'));
    else if (scrollToChange && marked.size) this.#reveal(this.parts.body.querySelector('.code-line.changed'));
  }

  /** Scrolls only the code box (not the page) so a line (the first changed or linked) is visible. */
  #reveal(line) {
    if (!line) return;
    const box = this.parts.body;
    const top = line.offsetTop; // .code is positioned, so this is relative to the box
    if (top < box.scrollTop || top + line.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }
}
