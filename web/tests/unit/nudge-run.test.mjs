import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NudgeRun } from '../../js/state/nudge-run.js';

function harness() {
  const moves = [], shown = [];
  let due = null;
  const run = new NudgeRun({
    commit: (ids, dx, dy) => moves.push({ ids, dx, dy }),
    show: (offset) => shown.push(offset),
    setTimer: (fn) => { due = fn; return 1; },
    clearTimer: () => { due = null; },
  });
  return { run, moves, shown, elapse: () => due?.() };
}

test('a run of nudges is one move, shown as it grows and stored when the run pauses', () => {
  const { run, moves, shown, elapse } = harness();
  run.add(['a', 'b'], 1, 0);
  run.add(['a', 'b'], 1, 0);
  run.add(['a', 'b'], 0, 10);
  assert.deepEqual(moves, [], 'nothing stored mid-run');
  assert.deepEqual(shown.at(-1), { dx: 2, dy: 10 });
  elapse();
  assert.deepEqual(moves, [{ ids: ['a', 'b'], dx: 2, dy: 10 }]);
  assert.equal(shown.at(-1), null);
  elapse();
  assert.equal(moves.length, 1, 'a run is stored once');
});

test('another action or other strokes end the run first', () => {
  const { run, moves } = harness();
  run.add(['a'], 1, 0);
  run.add(['b'], 0, 1);
  assert.deepEqual(moves, [{ ids: ['a'], dx: 1, dy: 0 }]);
  run.flush();
  assert.deepEqual(moves.at(-1), { ids: ['b'], dx: 0, dy: 1 });
  run.flush();
  assert.equal(moves.length, 2);
});
