import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppStore } from '../../js/state/app-store.js';
import { FrameScheduler } from '../../js/ui/frame-scheduler.js';

test('a change set tells listeners once which keys changed', () => {
  const store = new AppStore({ tool: 'pen', zoom: 'fit', results: new Map() });
  const heard = [];
  store.onChange((keys) => heard.push([...keys].sort()));
  store.set({ tool: 'select', zoom: 'fit' });
  store.set({ tool: 'select' });
  store.update('results', (results) => results.set('main', { seq: 3 }));
  assert.deepEqual(heard, [['tool'], ['results']]);
  assert.equal(store.get('results').get('main').seq, 3);
  assert.throws(() => store.set({ nonsense: 1 }), /no key nonsense/);
});

test('the scheduler renders once per frame however often asked; flush renders at once', () => {
  let frames = [], renders = 0;
  const scheduler = new FrameScheduler(() => { renders += 1; }, {
    requestFrame: (fn) => frames.push(fn),
    cancelFrame: (id) => { frames[id - 1] = null; },
  });
  scheduler.request();
  scheduler.request();
  scheduler.request();
  assert.equal(frames.length, 1);
  frames[0]();
  assert.equal(renders, 1);
  scheduler.request();
  scheduler.flush();
  assert.equal(renders, 2, 'flush renders now');
  assert.equal(frames[1], null, 'and the frame asked for is cancelled');
});

test('a render that asks for another gets it in the next frame, not recursively', () => {
  const frames = [];
  let renders = 0;
  const scheduler = new FrameScheduler(() => { renders += 1; if (renders === 1) scheduler.request(); },
    { requestFrame: (fn) => frames.push(fn), cancelFrame: () => {} });
  scheduler.flush();
  assert.equal(renders, 1);
  assert.equal(frames.length, 1);
  frames[0]();
  assert.equal(renders, 2);
});
