// The preview panel: the recognised screen as a wireframe of native iOS controls, laid out by
// the inferred stacks (what the generated SwiftUI does), bars pinned top and bottom.

import { renderControl } from './controls.js';
import { deviceFor } from '../canvas/devices.js';

const BARS = new Set(['navigationBar', 'tabBar']);
const ALIGN = { leading: 'flex-start', top: 'flex-start', center: 'center', trailing: 'flex-end', bottom: 'flex-end' };

function div(className) {
  const node = document.createElement('div');
  node.className = className;
  return node;
}

export class PreviewPanel {
  /** @param {HTMLElement} root @param {{onPick: (element: object, node: HTMLElement) => void}} options */
  constructor(root, options) {
    this.root = root;
    this.options = options;
    this.phone = null;
  }

  /**
   * Draws a screen's result at `scale` (the board's zoom, so it matches the drawing beside it).
   * @param {{screen: object, elements: object[], layout: object|null, theme: object, readOnly: boolean, scale: number}} result
   */
  show({ screen, elements, layout, theme, readOnly, scale }) {
    const device = deviceFor(screen);
    const phone = div('pv-phone');
    phone.style.width = `${screen.width}px`;
    phone.style.height = `${device.height}px`;
    phone.style.setProperty('--accent', theme.accent);
    phone.style.setProperty('--screen-bg', theme.background);
    phone.style.setProperty('--radius', `${theme.cornerRadius}px`);
    phone.style.setProperty('--type-scale', theme.typeScale);
    const context = { screenWidth: screen.width, onPick: readOnly ? null : this.options.onPick };

    const status = div('pv-status');
    status.append(Object.assign(div('time'), { textContent: '9:41' }), div('battery'));
    phone.append(status);

    const navbar = elements.find((e) => e.type === 'navigationBar');
    const tabbar = elements.find((e) => e.type === 'tabBar');
    if (navbar) phone.append(renderControl(navbar, context));

    const content = div('pv-content');
    const body = elements.filter((e) => !BARS.has(e.type));
    const byId = new Map(body.map((e) => [e.id, e]));
    const placed = new Set();
    if (layout) {
      const node = this.#renderNode(layout, byId, placed, context);
      if (node) content.append(node);
    }
    // Elements the layout does not mention (or a result without a layout) keep their drawn place.
    const loose = body.filter((e) => !placed.has(e.id));
    phone.append(content);
    if (loose.length) {
      const overlay = div('pv-absolute');
      for (const element of loose) {
        const control = renderControl(element, context);
        control.style.position = 'absolute';
        control.style.left = `${element.frame.x}px`;
        control.style.top = `${element.frame.y}px`;
        overlay.append(control);
      }
      phone.append(overlay);
    }
    if (tabbar) phone.append(renderControl(tabbar, context));
    if (!elements.length) {
      const empty = div('pv-empty');
      empty.textContent = 'What it recognises in your sketch appears here, as the app would look.';
      content.prepend(empty);
    }
    phone.append(div('pv-home'));

    // Keep keyboard focus on the same element across re-renders.
    const focusedId = this.root.contains(document.activeElement) ? document.activeElement.dataset?.elementId : undefined;
    this.root.replaceChildren(phone);
    this.phone = phone;
    if (focusedId) phone.querySelector(`[data-element-id="${CSS.escape(focusedId)}"][tabindex]`)?.focus();
    this.#scale(scale, screen.width, device.height);
  }

  #renderNode(node, byId, placed, context) {
    switch (node?.kind) {
      case 'vstack': case 'hstack': case 'zstack': {
        const stack = div(`pv-${node.kind}`);
        stack.style.gap = `${node.spacing ?? 8}px`;
        const cross = ALIGN[node.alignment] ?? 'center';
        stack.style.alignItems = cross;
        const p = node.padding ?? {};
        stack.style.padding = `${p.top ?? 0}px ${p.trailing ?? 0}px ${p.bottom ?? 0}px ${p.leading ?? 0}px`;
        for (const child of node.children ?? []) {
          const rendered = this.#renderNode(child, byId, placed, context);
          if (rendered) stack.append(rendered);
        }
        return stack.childElementCount ? stack : null;
      }
      case 'spacer': {
        const spacer = div('pv-spacer');
        spacer.style.minHeight = spacer.style.minWidth = `${node.minLength ?? 0}px`;
        return spacer;
      }
      case 'element': {
        const element = byId.get(node.id);
        if (!element) return null;
        placed.add(element.id);
        return renderControl(element, context);
      }
      default:
        return null;
    }
  }

  /** Scales the phone; the slot takes the scaled size so the layout around it is right. */
  #scale(scale, width, height) {
    this.phone.style.transform = `scale(${scale})`;
    this.root.style.width = `${width * scale}px`;
    this.root.style.height = `${height * scale}px`;
  }
}
