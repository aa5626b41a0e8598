// A hint toast that shows at most once every few seconds, however often it is asked for.

import { toast } from './toast.js';

/** @returns {(text: string) => void} shows `text` unless a hint of this one showed in the last `ms` */
export function throttledHint(ms = 4000) {
  let shownAt = -Infinity;
  return (text) => {
    if (performance.now() - shownAt < ms) return;
    shownAt = performance.now();
    toast(text, { kind: 'hint' });
  };
}
