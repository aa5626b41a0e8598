// Small line drawings standing in for the SF Symbols NOTATION's icons map to (24x24 viewBox).

const PATHS = {
  'chevron.left': 'M15 4 7 12l8 8',
  'arrow.left': 'M20 12H5m6-7-7 7 7 7',
  'chevron.right': 'm9 4 8 8-8 8',
  'line.3.horizontal': 'M4 6h16M4 12h16M4 18h16',
  plus: 'M12 4v16M4 12h16',
  magnifyingglass: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.5 15.5 21 21',
  gearshape: 'M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM12 2v3m0 14v3M2 12h3m14 0h3M4.9 4.9 7 7m10 10 2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1',
  'square.and.arrow.up': 'M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1',
  xmark: 'M5 5l14 14M19 5 5 19',
  'play.fill': 'M7 4v16l13-8z',
  star: 'm12 3 2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4l-5.5 2.9 1-6.2L3 9.7l6.2-.9z',
  camera: 'M3 8h4l2-3h6l2 3h4v11H3zM12 10a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z',
  envelope: 'M3 6h18v12H3zM3 6l9 7 9-7',
  photo: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15.5 8.5a1.5 1.5 0 1 0 0 .1',
  person: 'M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7',
  'chevron.down': 'm6 9 6 6 6-6',
  checkmark: 'm5 12 5 5 9-10',
  'house.fill': 'M3 11 12 3l9 8v10h-6v-6H9v6H3z',
  circle: 'M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16z',
};

/** An inline SVG element for a symbol name (a circle for unknown names). */
export function symbolSvg(name, size = 22) {
  const path = PATHS[name] ?? PATHS.circle;
  const filled = name === 'play.fill' || name === 'house.fill';
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('aria-hidden', 'true');
  svg.classList.add('symbol');
  const p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  p.setAttribute('d', path);
  p.setAttribute('fill', filled ? 'currentColor' : 'none');
  p.setAttribute('stroke', 'currentColor');
  p.setAttribute('stroke-width', '2');
  p.setAttribute('stroke-linecap', 'round');
  p.setAttribute('stroke-linejoin', 'round');
  svg.append(p);
  return svg;
}
