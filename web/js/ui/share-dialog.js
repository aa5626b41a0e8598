// The share dialog: the session's edit and view-only links (tokens in the URL fragment), this
// person's display name, and for editors a new link or a revoke per role (`shareLink`: the old
// token stops working and the people who joined with it are disconnected).

import { knownTokens, shareLink, rememberTokens, forgetToken, fragmentFor } from '../share.js';
import { toast } from './toast.js';

const ROLE_NAMES = { edit: 'edit', view: 'view-only' };

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
    /** Roles whose link was revoked from this page (until a new link is made). */
    this.revoked = new Set();
    const q = (sel) => dialog.querySelector(sel);
    this.fields = { edit: q('#share-edit'), view: q('#share-view') };
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
    for (const button of dialog.querySelectorAll('[data-rotate]')) {
      button.addEventListener('click', () => this.#change('rotate', button.dataset.rotate));
    }
    for (const button of dialog.querySelectorAll('[data-revoke]')) {
      button.addEventListener('click', () => {
        const role = button.dataset.revoke;
        if (role === 'edit' && !confirm('Revoke every edit link, yours included? Nobody can edit until a new link is made.')) return;
        this.#change('revoke', role);
      });
    }
  }

  open() {
    this.#show();
    this.nameField.value = this.identity.name;
    this.dialog.showModal();
  }

  /** The server's answer to a link change of ours (`shareLinkChanged`). */
  changed(msg) {
    const session = this.link.session;
    if (!session) return;
    if (msg.action === 'rotate' && msg.token) {
      rememberTokens(session, { [msg.role]: msg.token });
      this.revoked.delete(msg.role);
      if (msg.role === this.role()) {
        // Our own link changed: reconnects and reloads must use the new token.
        this.link.token = msg.token;
        history.replaceState(null, '', fragmentFor(session, msg.token));
      }
      toast(`New ${ROLE_NAMES[msg.role]} link made; the old one no longer works.`);
    } else if (msg.action === 'revoke') {
      forgetToken(session, msg.role);
      this.revoked.add(msg.role);
      toast(`The ${ROLE_NAMES[msg.role]} link is revoked.`);
    }
    if (this.dialog.open) this.#show();
  }

  #change(action, role) {
    if (!this.link.send({ type: 'shareLink', action, role })) toast('Changing a link needs the connection to the server; you are offline.');
  }

  #show() {
    const { session, token } = this.link;
    const tokens = session ? knownTokens(session) : {};
    if (session && token && this.role() && !this.revoked.has(this.role())) tokens[this.role()] = token;
    const owner = this.role() === 'edit';
    for (const [role, field] of Object.entries(this.fields)) {
      field.value = tokens[role] ? shareLink(session, tokens[role]) : '';
      field.placeholder = this.revoked.has(role) ? 'Revoked: make a new link to share again' : 'Not known in this browser: make a new link';
      field.closest('.share-row').hidden = !tokens[role] && !owner;
    }
    for (const button of this.dialog.querySelectorAll('.owner-only')) button.hidden = !owner;
    this.note.textContent = owner
      ? 'Anyone with a link can join; the view-only link cannot change anything. A new link or a revoke disconnects whoever used the old one.'
      : 'Anyone with a link can join; the view-only link cannot change anything.';
  }
}
