// The connection status pill and the chips of the people in the session.

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

  /** @param {{clientId: string, name: string, color: string}[]} everyone me first */
  showPeople(everyone) {
    const key = everyone.map((p) => `${p.clientId}${p.name}${p.color}`).join('|');
    if (this.people.dataset.key === key) return;
    this.people.dataset.key = key;
    this.people.replaceChildren(...everyone.slice(0, 8).map((p) => {
      const chip = document.createElement('span');
      chip.className = 'chip';
      chip.style.background = p.color || '#666';
      chip.title = p.name || p.clientId;
      chip.textContent = (p.name || '?').trim().slice(0, 1).toUpperCase();
      return chip;
    }));
    const count = everyone.length;
    this.people.setAttribute('aria-label', `${count} ${count === 1 ? 'person' : 'people'} here: ${everyone.map((p) => p.name).join(', ')}`);
  }
}
