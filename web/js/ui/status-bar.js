// The connection status pill and the chips of the people in the session.

import { distinctInitials } from './initials.js';

const STATUS_TEXT = {
  connecting: () => 'Connecting…',
  syncing: () => 'Syncing…',
  live: (queued) => (queued ? `Saving ${queued}…` : 'Live'),
  offline: (queued) => (queued ? `Offline · ${queued} saved here` : 'Offline'),
  failed: () => 'Not connected',
};

export class StatusBar {
  /** @param {HTMLElement} status @param {HTMLElement} people */
  constructor(status, people) {
    this.status = status;
    this.people = people;
  }

  /** @param {{linkState: string, queued: number, role: string|null}} s */
  showStatus({ linkState, queued, role }) {
    this.status.textContent = STATUS_TEXT[linkState](queued) + (role === 'view' ? ' · view only' : '');
    this.status.title = linkState === 'offline'
      ? 'Not connected. Keep drawing: your changes are kept in this browser and sent when the connection is back.' : '';
    this.status.dataset.state = linkState;
  }

  /** @param {{clientId: string, name: string, color: string, you?: boolean}[]} everyone me first */
  showPeople(everyone) {
    const key = everyone.map((p) => `${p.clientId}${p.name}${p.color}`).join('|');
    if (this.people.dataset.key === key) return;
    this.people.dataset.key = key;
    const shown = everyone.slice(0, 8);
    const initials = distinctInitials(shown.map((p) => p.name));
    this.people.replaceChildren(...shown.map((p, i) => {
      const chip = document.createElement('span');
      chip.className = 'chip';
      chip.style.background = p.color || '#666';
      chip.title = `${p.name || p.clientId}${p.you ? ' (you)' : ''}`;
      chip.textContent = initials[i];
      return chip;
    }));
    const count = everyone.length;
    this.people.setAttribute('aria-label', `${count} ${count === 1 ? 'person' : 'people'} here: ${everyone.map((p) => (p.you ? `${p.name} (you)` : p.name)).join(', ')}`);
  }
}
