// The share dialog: the session's edit and view-only links (tokens in the URL fragment) and
// this person's display name.

import { knownTokens, shareLink } from '../share.js';
import { toast } from './toast.js';

export class ShareDialog {
  /**
   * @param {HTMLDialogElement} dialog
   * @param {{link: import('../protocol/session-link.js').SessionLink, identity: import('../identity.js').Identity,
   *          role: () => string|null}} deps
   */
  constructor(dialog, { link, identity, role }) {
    this.dialog = dialog;
    this.link = link;
    this.identity = identity;
    this.role = role;
    const q = (sel) => dialog.querySelector(sel);
    this.editField = q('#share-edit');
    this.viewField = q('#share-view');
    this.note = q('#share-note');
    this.nameField = q('#your-name');
    q('#save-name').addEventListener('click', () => {
      identity.setName(this.nameField.value);
      link.reconnect(); // the name travels in `hello`
      toast('Name saved.');
    });
    for (const button of dialog.querySelectorAll('[data-copy]')) {
      button.addEventListener('click', () => {
        const field = q(`#${button.dataset.copy}`);
        field.select();
        navigator.clipboard?.writeText(field.value).then(() => toast('Link copied.'), () => {});
      });
    }
  }

  open() {
    const { session, token } = this.link;
    const tokens = session ? knownTokens(session) : {};
    if (session && token && this.role()) tokens[this.role()] = token;
    this.editField.value = tokens.edit ? shareLink(session, tokens.edit) : '';
    this.viewField.value = tokens.view ? shareLink(session, tokens.view) : '';
    this.editField.closest('.share-row').hidden = !tokens.edit;
    this.viewField.closest('.share-row').hidden = !tokens.view;
    this.note.textContent = tokens.view
      ? 'Anyone with a link can join; the view-only link cannot change anything.'
      : 'The view-only link is known only to the browser that created this session (or: sketchctl share).';
    this.nameField.value = this.identity.name;
    this.dialog.showModal();
  }
}
