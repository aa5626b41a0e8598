// The sketch itself as SVG: every screen side by side on paper, each live stroke as one smoothed
// path in its colour and width. Pure: works from the fold's screens and strokes only.

import { smoothStroke } from '../ink/smoothing.js';

const GAP = 40;

const escapeXml = (text) => String(text).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (v) => String(Math.round(v * 100) / 100);
const safeColor = (color) => (/^#[0-9a-fA-F]{3,8}$/.test(color ?? '') ? color : '#1b1f24');

/**
 * @param {{id: string, name: string, width: number, height: number}[]} screens
 * @param {(screenId: string) => {points: number[][], color?: string, width?: number}[]} strokesOf
 * @returns {{svg: string, width: number, height: number}}
 */
export function sketchSvg(screens, strokesOf) {
  let x = 0;
  const parts = [];
  for (const screen of screens) {
    parts.push(`<g transform="translate(${num(x)} 0)"><title>${escapeXml(screen.name)}</title>`
      + `<rect width="${screen.width}" height="${screen.height}" rx="28" fill="#ffffff" stroke="#d0d7de"/>`);
    for (const stroke of strokesOf(screen.id)) {
      const points = smoothStroke(stroke.points);
      if (!points.length) continue;
      const d = points.length === 1
        ? `M${num(points[0][0])} ${num(points[0][1])}h0.01`
        : `M${points.map((p) => `${num(p[0])} ${num(p[1])}`).join('L')}`;
      parts.push(`<path d="${d}" fill="none" stroke="${safeColor(stroke.color)}" stroke-width="${num(stroke.width ?? 2)}" stroke-linecap="round" stroke-linejoin="round"/>`);
    }
    parts.push('</g>');
    x += screen.width + GAP;
  }
  const width = Math.max(1, x - GAP);
  const height = Math.max(1, ...screens.map((s) => s.height));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">${parts.join('')}</svg>`;
  return { svg, width, height };
}
