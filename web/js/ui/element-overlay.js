// Detected elements and raw detections drawn over a screen's ink: element boxes (shown with
// the select tool, to tap and correct) and the debug view (every raw detection, kept or not,
// with its label, confidence and runners-up).

import { flatten } from '../preview/corrections.js';
import { badgeRect, crowdedBadges } from './crowded-badges.js';

function box(className, frame, scale, label) {
  const node = document.createElement('div');
  node.className = className;
  node.style.left = `${frame.x * scale}px`;
  node.style.top = `${frame.y * scale}px`;
  node.style.width = `${Math.max(2, frame.width * scale)}px`;
  node.style.height = `${Math.max(2, frame.height * scale)}px`;
  if (label) {
    const tag = document.createElement('span');
    tag.className = 'box-tag';
    tag.textContent = label;
    node.append(tag);
  }
  return node;
}

const percent = (c) => `${Math.round((c ?? 0) * 100)}%`;

/**
 * Draws one screen's elements and detections into its element layer; an element all of whose
 * strokes are in `selected` (a Set of stroke ids) is marked selected.
 */
export function renderElementOverlay(view, elements, detections, selected = new Set()) {
  const scale = view.scale;
  const all = flatten(elements);
  // Rendered every frame something changes: the layer is rebuilt only when what it shows did.
  const key = JSON.stringify([scale, detections ?? [], all.map((e) => [e.id, e.type, e.frame, e.confidence, e.corrected,
    (e.strokeIds ?? []).length > 0 && e.strokeIds.every((id) => selected.has(id))])]);
  if (key === view.overlayKey) return;
  view.overlayKey = key;
  const nodes = [];
  for (const detection of detections ?? []) {
    const next = detection.alternatives?.[0];
    const label = `${detection.label} ${percent(detection.confidence)}${next ? ` (${next.label} ${percent(next.confidence)})` : ''}${detection.kept ? '' : ' dropped'}`;
    const node = box(`det-box${detection.kept ? ' kept' : ''}`, detection.frame, scale, label);
    nodes.push(node);
  }
  const labels = all.map((element) => `${element.type} ${percent(element.confidence)}`);
  const crowded = crowdedBadges(all.map((element, i) => badgeRect(element.frame, scale, labels[i])));
  all.forEach((element, i) => {
    const node = box(`el-box${element.corrected ? ' corrected' : ''}`, element.frame, scale, labels[i]);
    node.dataset.elementId = element.id;
    if (crowded.has(i)) node.querySelector('.box-tag').classList.add('crowded');
    const ids = element.strokeIds ?? [];
    if (ids.length && ids.every((id) => selected.has(id))) node.classList.add('selected');
    nodes.push(node);
  });
  view.elementLayer.replaceChildren(...nodes);
}

/** The smallest element whose frame (grown by `slop` points) holds the point, or null. */
export function elementAt(elements, x, y, slop = 6) {
  let best = null;
  for (const element of flatten(elements)) {
    const f = element.frame;
    if (x >= f.x - slop && x <= f.x + f.width + slop && y >= f.y - slop && y <= f.y + f.height + slop) {
      if (!best || f.width * f.height < best.frame.width * best.frame.height) best = element;
    }
  }
  return best;
}
