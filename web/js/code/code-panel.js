// The code panel: the generated SwiftUI files, highlighted, with the lines of the last change
// marked. Kept up to date from `code` (full files) and `codeDiff` (hunks against a version).

import { applyHunks, changedLineIndexes, DiffMismatchError } from './line-diff.js';
import { highlightSwift } from './highlight.js';

/** A screen's file declares a SwiftUI view (the app, theme and style files do not). */
function isScreenFile(text) { return /\bstruct\s+\w+\s*:\s*View\b/.test(text ?? ''); }

export class CodePanel {
  /** @param {{tabs: HTMLElement, body: HTMLElement, copy: HTMLElement}} parts */
  constructor(parts) {
    this.parts = parts;
    /** @type {Map<string, string>} */
    this.files = new Map();
    this.changed = new Map();
    this.version = -1;
    this.seq = -1;
    this.active = null;
    this.frozen = null; // files shown while replaying
    parts.copy.addEventListener('click', () => navigator.clipboard?.writeText(this.#shownFiles().get(this.active) ?? ''));
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

  #render(scrollToChange) {
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
    const html = text.split('\n').map((line, i) =>
      `<div class="code-line${marked.has(i) ? ' changed' : ''}"><span class="ln">${i + 1}</span><span class="lc">${highlightSwift(line) || ' '}</span></div>`);
    this.parts.body.innerHTML = html.join('');
    if (scrollToChange && marked.size) this.#reveal(this.parts.body.querySelector('.code-line.changed'));
  }

  /** Scrolls only the code box (not the page) so the first changed line is visible. */
  #reveal(line) {
    if (!line) return;
    const box = this.parts.body;
    const top = line.offsetTop; // .code is positioned, so this is relative to the box
    if (top < box.scrollTop || top + line.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }
}
