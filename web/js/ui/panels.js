// The Preview and Code toggles shown below 1280 px: the code opens as a panel over the canvas
// (on a phone, a sheet below it), the previews beside the drawings can be hidden to give the
// canvas the width. Phones start with the previews hidden, their toggle in the toolbar's row.

/**
 * @param {{preview: HTMLButtonElement, code: HTMLButtonElement, closeCode: HTMLButtonElement}} buttons
 * @param {{previewsChanged: () => void}} actions the canvas fits again when the previews come or go
 */
export function bindPanelToggles(buttons, actions) {
  const set = (button, pressed) => {
    button.setAttribute('aria-pressed', String(pressed));
    document.body.classList.toggle('previews-hidden', buttons.preview.getAttribute('aria-pressed') !== 'true');
    document.body.classList.toggle('code-open', buttons.code.getAttribute('aria-pressed') === 'true');
  };
  const toggle = (button) => set(button, button.getAttribute('aria-pressed') !== 'true');
  buttons.preview.addEventListener('click', () => { toggle(buttons.preview); actions.previewsChanged(); });
  buttons.code.addEventListener('click', () => toggle(buttons.code));
  buttons.closeCode.addEventListener('click', () => set(buttons.code, false));
  if (matchMedia('(max-width: 640px)').matches) set(buttons.preview, false); // before the first render
}
