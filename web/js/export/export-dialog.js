// The export and settings dialog: downloads the code, .swiftpm, playground, PNG, Compose, JSON
// or dataset through the `export` message, and sets the title, training consent and theme
// through `metadataSet`.

const FORMATS = [
  ['swift', 'SwiftUI files (.swift)'],
  ['swiftpm', 'Swift Playgrounds app (.swiftpm)'],
  ['playground', 'Xcode playground (.playground)'],
  ['png', 'Picture of the drawing (PNG)'],
  ['compose', 'Jetpack Compose (.kt)'],
  ['json', 'Recognised elements (JSON)'],
  ['dataset', 'Training data set (needs consent)'],
];

/** Saves base64 bytes as a download. */
export function downloadBase64(filename, mime, base64) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: mime || 'application/octet-stream' }));
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
   *          currentState: () => object, canEdit: () => boolean}} actions
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

  /** An `exportResult` arrived. */
  finished(result) {
    downloadBase64(result.filename, result.mime, result.base64);
    this.status.textContent = `Downloaded ${result.filename}`;
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
