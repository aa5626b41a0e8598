// The preview panel: the recognised screen as a wireframe of native iOS controls, each drawn at
// its `layoutFrame` (where the generated SwiftUI puts it, solved by the daemon's layout model;
// the preview computes no layout of its own), bars pinned top and bottom, in the session theme's
// colours, corner radius and text styles as the generated `Theme.swift` has them.

import { renderControl } from './controls.js';
import { deviceFor } from '../canvas/devices.js';
import { themeProperties } from './theme-tokens.js';

const BARS = new Set(['navigationBar', 'tabBar']);

function div(className) {
  const node = document.createElement('div');
  node.className = className;
  return node;
}

export class PreviewPanel {
  /**
   * @param {HTMLElement} root
   * @param {{onPick: (element: object, node: HTMLElement) => void, guessActions?: import('./guess-mark.js').GuessActions}} options
   *   `guessActions` accept or retype a text read as a guess (NOTATION.md)
   */
  constructor(root, options) {
    this.root = root;
    this.options = options;
    this.phone = null;
  }

  /**
   * Draws a screen's result at `scale` (the board's zoom, so it matches the drawing beside it).
   * `preview` is the recognition message's per-element blueprint preview (what the code shows).
   * @param {{screen: object, elements: object[], preview: object|null, theme: object, readOnly: boolean, scale: number}} result
   */
  show({ screen, elements: drawn, preview, theme, readOnly, scale }) {
    const withPreview = (e) => ({ ...e, preview: preview?.[e.id], children: (e.children ?? []).map(withPreview) });
    const elements = drawn.map(withPreview);
    const device = deviceFor(screen);
    const phone = div('pv-phone');
    phone.style.width = `${screen.width}px`;
    phone.style.height = `${device.height}px`;
    for (const [name, value] of themeProperties(theme)) phone.style.setProperty(name, value);
    const context = { screenWidth: screen.width, onPick: readOnly ? null : this.options.onPick, guessActions: this.options.guessActions };

    const status = div('pv-status');
    status.append(Object.assign(div('time'), { textContent: '9:41' }), div('battery'));
    phone.append(status);

    const navbar = elements.find((e) => e.type === 'navigationBar');
    const tabbar = elements.find((e) => e.type === 'tabBar');
    if (navbar) phone.append(renderControl(navbar, context));

    const content = div('pv-content');
    phone.append(content);
    const body = elements.filter((e) => !BARS.has(e.type));
    if (body.length) {
      const overlay = div('pv-absolute');
      for (const element of body) {
        // A result from a daemon without the layout model keeps the drawn place.
        const frame = element.layoutFrame ?? element.frame;
        const control = renderControl(element, context);
        control.style.position = 'absolute';
        control.style.left = `${frame.x}px`;
        control.style.top = `${frame.y}px`;
        control.style.width = `${frame.width}px`;
        control.style.minHeight = `${frame.height}px`;
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

  /** Scales the phone; the slot takes the scaled size so the layout around it is right. */
  #scale(scale, width, height) {
    this.phone.style.transform = `scale(${scale})`;
    this.root.style.width = `${width * scale}px`;
    this.root.style.height = `${height * scale}px`;
  }
}
