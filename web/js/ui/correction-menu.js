// The correction menu of one detected element: relabel with any NOTATION type, type its real
// text (or accept the text read from the writing), merge it with other strokes (lasso), split it
// into strokes, or ignore it.

import { isGuess, textOwner } from '../preview/read-text.js';

export const NOTATION_TYPES = ['label', 'button', 'image', 'textField', 'toggle', 'checkbox', 'slider', 'picker',
  'segmentedControl', 'icon', 'avatar', 'navigationBar', 'tabBar', 'list', 'divider', 'container', 'pageControl'];

const TEXT_TYPES = new Set(['label', 'button', 'textField', 'toggle', 'checkbox', 'picker', 'navigationBar', 'icon']);

export class CorrectionMenu {
  /**
   * @param {HTMLElement} root the menu container (hidden when closed)
   * @param {{relabel, setText, merge, split, ignore}} actions each called with (element, value?)
   */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.element = null;
    this.returnFocus = null;
    root.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') { e.preventDefault(); this.close(); }
    });
    document.addEventListener('pointerdown', (e) => {
      if (this.element && !root.contains(e.target)) this.close();
    }, true);
  }

  get isOpen() { return this.element !== null; }

  /**
   * Opens the menu for `element` near the client point (x, y); `retype` puts the focus in its
   * text editor, the shown text selected.
   */
  open(element, x, y, returnFocus, { retype = false } = {}) {
    this.element = element;
    this.returnFocus = returnFocus ?? document.activeElement;
    const heading = document.createElement('h2');
    heading.id = 'correction-title';
    heading.textContent = `${element.type}${element.corrected ? ' (your correction)' : ''} · ${Math.round((element.confidence ?? 0) * 100)}% sure`;

    const types = document.createElement('div');
    types.className = 'type-grid';
    types.setAttribute('role', 'group');
    types.setAttribute('aria-label', 'What is it?');
    for (const type of NOTATION_TYPES) {
      const b = this.#button(type, () => this.#act('relabel', type), type === element.type ? 'type-option current' : 'type-option');
      b.setAttribute('aria-pressed', String(type === element.type));
      types.append(b);
    }

    const textForm = document.createElement('form');
    textForm.className = 'text-form';
    const input = document.createElement('input');
    input.type = 'text';
    input.maxLength = 2000;
    input.placeholder = 'Its real text';
    // A button's title is the label written inside it: that is the text to show and correct.
    const owner = element.type === 'button' ? textOwner(element) : element;
    input.value = owner?.text ?? '';
    input.setAttribute('aria-label', 'Real text of this element');
    textForm.append(input, this.#button('Set text', null, 'primary small', 'submit'));
    textForm.addEventListener('submit', (e) => {
      e.preventDefault();
      if (input.value.trim()) this.#act('setText', input.value.trim());
    });
    textForm.hidden = !TEXT_TYPES.has(element.type);

    const row = document.createElement('div');
    row.className = 'menu-actions';
    row.append(
      this.#button('Merge with… (lasso)', () => this.#act('merge')),
      this.#button('Split into strokes', () => this.#act('split')),
      this.#button('Ignore', () => this.#act('ignore')),
      this.#button('Close', () => this.close(), 'ghost'));

    const label = document.createElement('p');
    label.className = 'menu-hint';
    label.textContent = 'What is it?';
    const guess = isGuess(owner) && !textForm.hidden
      ? this.#guessRow(owner, () => { input.focus(); input.select(); }) : null;
    this.root.replaceChildren(...[heading, guess, label, types, textForm, row].filter(Boolean));
    this.root.hidden = false;
    const width = this.root.offsetWidth, height = this.root.offsetHeight;
    this.root.style.left = `${Math.max(8, Math.min(x + 12, innerWidth - width - 8))}px`;
    this.root.style.top = `${Math.max(8, Math.min(y + 12, innerHeight - height - 8))}px`;
    if (retype && !textForm.hidden) {
      input.focus();
      input.select();
    } else {
      (types.querySelector('.current') ?? types.firstChild).focus();
    }
  }

  /** The text read from the writing, marked as a guess, to accept as it is or retype. */
  #guessRow(owner, retype) {
    const row = document.createElement('p');
    row.className = 'guess-row';
    const text = document.createElement('span');
    text.className = 'guess-text';
    text.textContent = owner.text;
    const badge = document.createElement('span');
    badge.className = 'guess-badge';
    badge.textContent = '?';
    badge.title = 'A guess';
    const sure = document.createElement('span');
    sure.className = 'guess-sure';
    sure.textContent = `${Math.round(owner.textConfidence * 100)}% sure`;
    row.append('Read ', text, badge, sure,
      this.#button('Accept', () => { this.close(); this.actions.setText(owner, owner.text); }, 'small guess-accept'),
      this.#button('Retype', retype, 'small guess-retype'));
    return row;
  }

  close() {
    if (!this.element) return;
    const id = this.element.id;
    this.element = null;
    this.root.hidden = true;
    // The preview may have been redrawn meanwhile: fall back to the same element's new node.
    const target = this.returnFocus?.isConnected ? this.returnFocus
      : document.querySelector(`.preview [data-element-id="${CSS.escape(id)}"][tabindex]`);
    target?.focus?.();
  }

  #act(action, value) {
    const element = this.element;
    this.close();
    this.actions[action](element, value);
  }

  #button(text, onClick, className = '', type = 'button') {
    const b = document.createElement('button');
    b.type = type;
    b.className = className;
    b.textContent = text;
    if (onClick) b.addEventListener('click', onClick);
    return b;
  }
}
