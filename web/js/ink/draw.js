// Draws ink on a 2D canvas context whose transform maps canvas points to pixels.
// Each piece between two midpoints is a quadratic curve through the sample between them, with
// the width of that sample, so pressure changes along the line without visible joints.

import { smoothStroke, widthAt } from './smoothing.js';

function mid(a, b) { return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]; }

function prepare(ctx, color) {
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
}

function dot(ctx, point, width) {
  ctx.beginPath();
  ctx.arc(point[0], point[1], Math.max(0.5, width / 2), 0, Math.PI * 2);
  ctx.fill();
}

/**
 * Draws the curve pieces of already smoothed `points` that end at indexes `from`...`points.length-1`
 * (piece i runs from mid(i-2, i-1) through i-1 to mid(i-1, i)). Live ink calls this with the
 * new samples only; `drawTail` then finishes at the pen's last point.
 */
export function drawPieces(ctx, points, from, color, nominalWidth) {
  prepare(ctx, color);
  for (let i = Math.max(1, from); i < points.length; i++) {
    const prev = points[i - 1];
    const start = i === 1 ? prev : mid(points[i - 2], prev);
    const end = mid(prev, points[i]);
    ctx.beginPath();
    ctx.lineWidth = widthAt(prev, nominalWidth);
    ctx.moveTo(start[0], start[1]);
    ctx.quadraticCurveTo(prev[0], prev[1], end[0], end[1]);
    ctx.stroke();
  }
}

/** Draws the last half piece, from the last midpoint to the last point. */
export function drawTail(ctx, points, color, nominalWidth) {
  const n = points.length;
  if (n === 0) return;
  prepare(ctx, color);
  if (n === 1) { dot(ctx, points[0], widthAt(points[0], nominalWidth)); return; }
  const start = mid(points[n - 2], points[n - 1]);
  ctx.beginPath();
  ctx.lineWidth = widthAt(points[n - 1], nominalWidth);
  ctx.moveTo(start[0], start[1]);
  ctx.lineTo(points[n - 1][0], points[n - 1][1]);
  ctx.stroke();
}

/**
 * Draws a whole stroke `{points, color, width}`, smoothed. `dashed` draws it as one dashed path
 * of even width (the pieces are too short to carry a dash pattern).
 */
export function drawStroke(ctx, stroke, options = {}) {
  const points = smoothStroke(stroke.points);
  const color = options.color ?? stroke.color ?? '#1b1f24';
  const width = stroke.width ?? 2;
  ctx.save();
  if (options.alpha !== undefined) ctx.globalAlpha = options.alpha;
  if (options.dashed && points.length > 1) {
    prepare(ctx, color);
    ctx.lineWidth = width;
    ctx.setLineDash([width * 3, width * 2.5]);
    ctx.beginPath();
    ctx.moveTo(points[0][0], points[0][1]);
    for (const point of points.slice(1)) ctx.lineTo(point[0], point[1]);
    ctx.stroke();
  } else {
    drawPieces(ctx, points, 1, color, width);
    drawTail(ctx, points, color, width);
  }
  ctx.restore();
}

/** Sizes a canvas for `width` x `height` canvas points at `scale` CSS pixels per point, sharp on HiDPI. */
export function sizeCanvas(canvas, width, height, scale) {
  const ratio = (globalThis.devicePixelRatio || 1) * scale;
  const pixelWidth = Math.max(1, Math.round(width * ratio));
  const pixelHeight = Math.max(1, Math.round(height * ratio));
  if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
  if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
  canvas.style.width = `${width * scale}px`;
  canvas.style.height = `${height * scale}px`;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}
