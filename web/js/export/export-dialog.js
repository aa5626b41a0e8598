// The export and settings dialog: downloads the code, .swiftpm, playground, PNG, Compose, JSON
// or dataset through the `export` message, and sets the title, training consent and theme
// through `metadataSet`.

import { storedZipEntries, singleScreenPicture } from './stored-zip.js';

const FORMATS = [
  ['swift', 'SwiftUI files (.swift)'],
  ['swiftpm', 'Swift Playgrounds app (.swiftpm)'],
  ['playground', 'Xcode playground (.playground)'],
  ['png', 'Picture of the drawing (PNG; a zip for several screens)'],
  ['compose', 'Jetpack Compose (.kt)'],
  ['json', 'Recognised elements (JSON)'],
  ['dataset', 'Training data set (needs consent)'],
];

const bytesOf = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** Saves base64 bytes as a download. */
export function downloadBase64(filename, mime, base64) {
  downloadBlob(filename, new Blob([bytesOf(base64)], { type: mime || 'application/octet-stream' }));
}

/** Saves a Blob as a download. */
export function downloadBlob(filename, blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename || 'sketchd-export';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export class ExportDialog {
  /**
   * @param {HTMLDialogElement} dialog
   * @param {{requestExport: (format: string) => void, saveSettings: (change: object) => void,
   *          currentState: () => object, canEdit: () => boolean,
   *          sketchSvg: () => {svg: string, width: number, height: number}}} actions
   */
  constructor(dialog, actions) {
    this.dialog = dialog;
    this.actions = actions;
    const q = (sel) => dialog.querySelector(sel);
    this.format = q('#export-format');
    this.status = q('#export-status');
    this.title = q('#setting-title');
    this.consent = q('#setting-consent');
    this.accent = q('#setting-accent');
    this.background = q('#setting-background');
    this.radius = q('#setting-radius');
    this.typeScale = q('#setting-typescale');
    this.format.replaceChildren(...FORMATS.map(([value, text]) => Object.assign(document.createElement('option'), { value, textContent: text })));
    q('#export-download').addEventListener('click', () => {
      this.status.textContent = 'Preparing…';
      actions.requestExport(this.format.value);
    });
    q('#settings-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.#save();
    });
    q('#export-close').addEventListener('click', () => dialog.close());
    q('#export-svg').addEventListener('click', () => {
      downloadBlob('sketch.svg', new Blob([actions.sketchSvg().svg], { type: 'image/svg+xml' }));
      this.status.textContent = 'Downloaded sketch.svg';
    });
    q('#copy-png').addEventListener('click', () => this.#copyPng());
  }

  open() {
    const state = this.actions.currentState();
    this.title.value = state.sessionTitle ?? '';
    this.consent.checked = state.trainingConsent;
    this.accent.value = state.theme.accent;
    this.background.value = state.theme.background;
    this.radius.value = String(state.theme.cornerRadius);
    this.typeScale.value = String(state.theme.typeScale);
    const readOnly = !this.actions.canEdit();
    for (const input of this.dialog.querySelectorAll('#settings-form input, #settings-form button')) input.disabled = readOnly;
    this.status.textContent = '';
    this.dialog.showModal();
  }

  /** An `exportResult` arrived; the PNG export of one screen is saved as its one picture, not a zip. */
  finished(result) {
    const picture = result.format === 'png' && result.mime === 'application/zip' ? singleScreenPicture(storedZipEntries(bytesOf(result.base64))) : null;
    if (picture) {
      const filename = picture.name.replace('@2x.png', '.png');
      downloadBlob(filename, new Blob([picture.data], { type: 'image/png' }));
      this.status.textContent = `Downloaded ${filename}`;
      return;
    }
    downloadBase64(result.filename, result.mime, result.base64);
    this.status.textContent = `Downloaded ${result.filename}`;
  }

  /** Draws the sketch's SVG into a canvas and puts the PNG on the clipboard. */
  async #copyPng() {
    try {
      const { svg, width, height } = this.actions.sketchSvg();
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`; // CSP: img-src 'self' data:
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(width);
      canvas.height = Math.ceil(height);
      canvas.getContext('2d').drawImage(image, 0, 0);
      const png = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
      this.status.textContent = 'Copied the sketch as PNG';
    } catch (error) {
      this.status.textContent = `Could not copy the picture: ${error.message}`;
    }
  }

  /** An export was refused. */
  failed(message) {
    this.status.textContent = message;
  }

  #save() {
    const state = this.actions.currentState();
    const change = {};
    const title = this.title.value.trim().slice(0, 80);
    if (title && title !== state.sessionTitle) change.title = title;
    if (this.consent.checked !== state.trainingConsent) change.trainingConsent = this.consent.checked;
    const theme = {
      accent: this.accent.value, background: this.background.value,
      cornerRadius: Math.max(0, Math.min(60, Number(this.radius.value) || 0)),
      typeScale: Math.max(0.5, Math.min(3, Number(this.typeScale.value) || 1)),
    };
    const old = state.theme;
    if (theme.accent !== old.accent || theme.background !== old.background || theme.cornerRadius !== old.cornerRadius || theme.typeScale !== old.typeScale) change.theme = theme;
    if (Object.keys(change).length) this.actions.saveSettings(change);
    this.status.textContent = Object.keys(change).length ? 'Saved.' : 'Nothing changed.';
  }
}
