// Which entry of the Zoom menu shows a zoom: a fixed entry when the zoom rounds to its percent,
// else the one custom entry, which shows only the current zoom.
// Pure: no DOM, runs under node for the unit tests.

/**
 * @param {'fit' | number} zoom
 * @param {string[]} fixed the values of the menu's fixed entries: 'fit', '0.5', '1', ...
 * @returns {{value: string, custom: boolean, label?: string}} `label` for a custom entry
 */
export function zoomEntry(zoom, fixed) {
  if (zoom === 'fit') return { value: 'fit', custom: false };
  const percent = Math.round(zoom * 100);
  const same = fixed.find((value) => value !== 'fit' && Math.round(Number(value) * 100) === percent);
  return same ? { value: same, custom: false } : { value: String(zoom), custom: true, label: `${percent}%` };
}
