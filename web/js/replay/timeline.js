// The timeline: a slider over the session's seqs. Dragging it (or pressing play) shows an
// earlier state; the right end, or "Back to live", returns to the live session.

const PLAY_FRAMES = 60;
const PLAY_INTERVAL_MS = 120;

export class Timeline {
  /**
   * @param {{slider: HTMLInputElement, play: HTMLButtonElement, live: HTMLButtonElement, label: HTMLElement}} parts
   * @param {{scrub: (seq: number) => void, live: () => void}} actions
   */
  constructor(parts, actions) {
    this.parts = parts;
    this.actions = actions;
    this.head = 0;
    this.connected = true;
    this.replaySeq = null;
    this.timer = null;
    parts.slider.addEventListener('input', () => this.#scrubTo(Number(parts.slider.value)));
    parts.play.addEventListener('click', () => (this.timer ? this.stop() : this.play()));
    parts.live.addEventListener('click', () => this.goLive());
    this.#render();
  }

  get isReplaying() { return this.replaySeq !== null; }

  /** The newest seq; the slider follows it while live. */
  setHead(seq) {
    this.head = seq;
    this.#render();
  }

  /** Whether the page is connected: offline, the newest state is "latest here", not "Live". */
  setConnected(connected) {
    if (this.connected === connected) return;
    this.connected = connected;
    this.#render();
  }

  play() {
    const step = Math.max(1, Math.ceil(this.head / PLAY_FRAMES));
    if (!this.isReplaying || this.replaySeq >= this.head) this.#scrubTo(0);
    this.timer = setInterval(() => {
      const next = Math.min(this.head, this.replaySeq + step);
      if (next >= this.head) { this.stop(); this.goLive(); return; }
      this.#scrubTo(next);
    }, PLAY_INTERVAL_MS);
    this.#render();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.#render();
  }

  goLive() {
    this.stop();
    if (this.replaySeq === null) return;
    this.replaySeq = null;
    this.#render();
    this.actions.live();
  }

  #scrubTo(seq) {
    if (seq >= this.head && !this.timer) { this.goLive(); return; }
    this.replaySeq = Math.max(0, Math.min(seq, this.head));
    this.#render();
    this.actions.scrub(this.replaySeq);
  }

  #render() {
    const { slider, play, live, label } = this.parts;
    slider.max = String(Math.max(1, this.head));
    slider.value = String(this.replaySeq ?? this.head);
    slider.disabled = this.head === 0;
    const now = this.connected ? 'Live' : 'Offline';
    slider.setAttribute('aria-valuetext', this.isReplaying ? `Event ${this.replaySeq} of ${this.head}` : `${now}, ${this.head} events`);
    play.textContent = this.timer ? '❚❚ Pause' : '▶ Play';
    play.disabled = this.head === 0;
    live.hidden = !this.isReplaying;
    label.textContent = this.isReplaying ? `Replaying ${this.replaySeq} / ${this.head}` : `${now} · ${this.head} event${this.head === 1 ? "" : "s"}`;
    document.body.classList.toggle('replaying', this.isReplaying);
  }
}
