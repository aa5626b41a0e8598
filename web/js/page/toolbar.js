// The toolbar's controls and the keyboard shortcuts, bound to the page's actions. What they set
// lives in the AppStore; the render shows it (pressed tool, colour, debug view).

import { bindShortcuts } from '../ui/shortcuts.js';
import { bindThemeToggle } from '../ui/theme.js';
import { bindPanelToggles } from '../ui/panels.js';
import { bindToolbarMenu } from '../ui/toolbar-menu.js';
import { stepZoom } from '../canvas/navigation.js';

const $ = (id) => document.getElementById(id);

/**
 * Binds every toolbar control and shortcut.
 * @param {object} page app, board, nav, zoom, menu, legend, replay, selection, undoStep, canEdit (read when used)
 * @returns {(tool: string) => void} setTool
 */
export function bindToolbar(page) {
  const { app } = page;
  const setTool = (tool) => {
    app.set({ tool, ...(tool !== 'lasso' ? { pendingMerge: null } : {}) });
  };
  const toggleDebug = () => app.set({ debug: !app.get('debug') });
  const undoStep = (kind) => { if (page.canEdit()) page.undoStep(kind); };

  for (const b of document.querySelectorAll('.tool')) b.addEventListener('click', () => setTool(b.dataset.tool));
  for (const b of document.querySelectorAll('.swatch')) {
    b.style.setProperty('--c', b.dataset.color);
    b.addEventListener('click', () => { app.set({ color: b.dataset.color }); if (app.get('tool') !== 'pen') setTool('pen'); });
  }
  $('pen-width').addEventListener('change', (e) => { app.set({ width: Number(e.target.value) }); e.target.blur(); });
  $('undo').addEventListener('click', () => page.undoStep('undo'));
  $('redo').addEventListener('click', () => page.undoStep('redo'));
  $('debug-toggle').addEventListener('click', toggleDebug);
  bindThemeToggle($('theme-toggle'));
  bindToolbarMenu(document.querySelector('.toolbar'), $('more-toggle'), $('toolbar-more'));
  $('add-screen-tool').addEventListener('click', () => page.board.actions.addScreen());
  $('zoom').addEventListener('change', (e) => {
    page.zoom.set(e.target.value === 'fit' ? 'fit' : Number(e.target.value));
    e.target.blur(); // shortcuts go on working after a choice
  });
  const refit = () => { if (app.get('zoom') === 'fit') page.zoom.apply(); };
  addEventListener('resize', refit);
  const fitAll = () => { page.zoom.set('fit'); page.board.root.scrollTo(0, 0); };
  bindPanelToggles({ preview: $('show-preview'), code: $('show-code'), closeCode: $('code-close') }, { previewsChanged: fitAll });

  bindShortcuts({
    undo: () => undoStep('undo'),
    redo: () => undoStep('redo'),
    tool: setTool,
    debug: toggleDebug,
    legend: () => page.legend.open(),
    zoomIn: () => page.nav.zoomAbout(stepZoom(page.board.zoom, 1)),
    zoomOut: () => page.nav.zoomAbout(stepZoom(page.board.zoom, -1)),
    zoomActual: () => page.nav.zoomAbout(1),
    fitAll,
    escape: () => {
      if (page.menu.isOpen) page.menu.close();
      else if (app.get('pendingMerge')) { app.set({ pendingMerge: null }); setTool(app.get('toolBeforeLasso')); }
      else if (page.selection.actions.clear()) { /* Esc clears the selection */ }
      else if (page.replay.timeline.isReplaying) page.replay.timeline.goLive();
    },
    selection: page.selection.actions,
  });
  return setTool;
}
