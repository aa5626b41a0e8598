// The zoom setting: 'fit' (every screen visible) or a number, shown in the Zoom picker, applied
// to the board at once (navigation reads the new layout right after) and kept per session.

import { zoomEntry } from '../ui/zoom-entry.js';

const select = () => document.getElementById('zoom');

export class ZoomControl {
  /** @param {object} page app, board, nav, link, presence, scheduler, state() (read when used) */
  constructor(page) {
    this.page = page;
    this.restored = false;
  }

  /** Sets the zoom to 'fit' or a number, shows it, applies it and remembers it. */
  set(zoom) {
    this.page.app.set({ zoom });
    const picker = select();
    const fixed = [...picker.options].filter((o) => !o.dataset.custom).map((o) => o.value);
    const entry = zoomEntry(zoom, fixed);
    let custom = picker.querySelector('option[data-custom]');
    if (!entry.custom) custom?.remove();
    else {
      custom ??= picker.appendChild(document.createElement('option'));
      custom.dataset.custom = 'true';
      custom.value = entry.value;
      custom.textContent = entry.label;
    }
    picker.value = entry.value;
    this.apply();
    this.page.nav.save(zoom);
  }

  /** Lays the board out at the zoom setting now and draws it in this frame. */
  apply() {
    const { app, board, presence, scheduler } = this.page;
    const zoom = app.get('zoom');
    board.setZoom(zoom === 'fit' ? board.fitZoom(this.page.state().screens()) : Number(zoom));
    presence.relayout();
    presence.redrawAll();
    scheduler.flush();
  }

  /** Once per page: the zoom and scroll this session had here last time. */
  restoreView() {
    const { link, nav, app } = this.page;
    if (this.restored || !link.session) return;
    this.restored = true;
    const stored = nav.restore(link.session, app.get('zoom'));
    if (!stored) return;
    this.set(stored.zoom);
    nav.scrollTo(stored);
  }
}
