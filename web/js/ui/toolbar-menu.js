// The toolbar's "More" menu on a phone: the colours, width, zoom, debug view, a new screen and
// the panel, theme, legend, share and export buttons open under the toolbar row instead of
// running off the side of the screen. On wider windows the same controls sit in the row and the
// menu button is hidden (CSS).

/**
 * @param {HTMLElement} toolbar the toolbar; gets `more-open` while the menu is open
 * @param {HTMLButtonElement} toggle the "More" button
 * @param {HTMLElement} menu the container of the controls it shows
 */
export function bindToolbarMenu(toolbar, toggle, menu) {
  const setOpen = (open) => {
    toolbar.classList.toggle('more-open', open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  const isOpen = () => toolbar.classList.contains('more-open');
  toggle.addEventListener('click', () => setOpen(!isOpen()));
  // A chosen action closes the menu; picking a colour or a width leaves it open to see the choice.
  menu.addEventListener('click', (e) => {
    const button = e.target.closest('button');
    if (button && !button.classList.contains('swatch')) setOpen(false);
  });
  document.addEventListener('pointerdown', (e) => {
    if (isOpen() && !menu.contains(e.target) && !toggle.contains(e.target)) setOpen(false);
  }, true);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen()) { setOpen(false); toggle.focus(); }
  });
}
