// The Preview and Code toggles shown below 1280 px: the code opens as a panel over the canvas,
// the previews beside the drawings can be hidden to give the canvas the width. Phones start
// with the previews hidden.

/**
 * @param {{preview: HTMLButtonElement, code: HTMLButtonElement}} buttons
 * @param {() => void} relayout called after a change (the canvas may fit differently)
 */
export function bindPanelToggles(buttons, relayout) {
  const set = (button, pressed, { quiet = false } = {}) => {
    button.setAttribute('aria-pressed', String(pressed));
    document.body.classList.toggle('previews-hidden', buttons.preview.getAttribute('aria-pressed') !== 'true');
    document.body.classList.toggle('code-open', buttons.code.getAttribute('aria-pressed') === 'true');
    if (!quiet) relayout();
  };
  const toggle = (button) => set(button, button.getAttribute('aria-pressed') !== 'true');
  buttons.preview.addEventListener('click', () => toggle(buttons.preview));
  buttons.code.addEventListener('click', () => toggle(buttons.code));
  if (matchMedia('(max-width: 640px)').matches) set(buttons.preview, false, { quiet: true }); // before the first render
}
