import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyHunks, changedLineIndexes, DiffMismatchError } from '../../js/code/line-diff.js';

const old = 'import SwiftUI\n\nstruct A: View {\n    var body: some View {\n        Text("Hi")\n    }\n}\n';

test('replaces a line and reports the added line index', () => {
  const hunks = [{ oldStart: 3, oldCount: 3, newStart: 3, newCount: 3,
    lines: ['     var body: some View {', '-        Text("Hi")', '+        Button("Go") {}', '     }'] }];
  const { text, changedLines } = applyHunks(hunks, old);
  assert.equal(text, old.replace('Text("Hi")', 'Button("Go") {}'));
  assert.deepEqual(changedLines, [4]);
});

test('applies several hunks, insertions at the start and at the end', () => {
  const base = 'a\nb\nc\nd';
  const hunks = [
    { oldStart: 0, oldCount: 0, newStart: 0, newCount: 1, lines: ['+top'] },
    { oldStart: 2, oldCount: 1, newStart: 3, newCount: 0, lines: ['-c'] },
    { oldStart: 4, oldCount: 0, newStart: 4, newCount: 1, lines: ['+end'] },
  ];
  const { text, changedLines } = applyHunks(hunks, base);
  assert.equal(text, 'top\na\nb\nd\nend');
  assert.deepEqual(changedLines, [0, 4]);
});

test('builds a file from empty text and empties a file', () => {
  assert.equal(applyHunks([{ oldStart: 0, oldCount: 1, newStart: 0, newCount: 2, lines: ['-', '+x', '+'] }], '').text, 'x\n');
  assert.equal(applyHunks([{ oldStart: 0, oldCount: 2, newStart: 0, newCount: 1, lines: ['-x', '-', '+'] }], 'x\n').text, '');
});

test('no hunks leaves the text as it was, trailing newline included', () => {
  assert.equal(applyHunks([], old).text, old);
});

test('keeps lines that contain diff-like prefixes', () => {
  const { text } = applyHunks([{ oldStart: 0, oldCount: 1, newStart: 0, newCount: 1, lines: ['--x', '++y'] }], '-x');
  assert.equal(text, '+y');
});

test('refuses hunks that do not match the old text', () => {
  const wrong = [{ oldStart: 0, oldCount: 1, newStart: 0, newCount: 1, lines: ['-nope', '+x'] }];
  assert.throws(() => applyHunks(wrong, 'a\nb'), DiffMismatchError);
});

test('refuses overlapping, out-of-range, miscounted and malformed hunks', () => {
  const base = 'a\nb\nc';
  const cases = [
    [{ oldStart: 1, oldCount: 1, newStart: 1, newCount: 1, lines: [' b'] }, { oldStart: 1, oldCount: 1, newStart: 1, newCount: 0, lines: ['-b'] }],
    [{ oldStart: 9, oldCount: 0, newStart: 9, newCount: 1, lines: ['+z'] }],
    [{ oldStart: 0, oldCount: 2, newStart: 0, newCount: 1, lines: [' a'] }],
    [{ oldStart: 0, oldCount: 0, newStart: 5, newCount: 1, lines: ['+z'] }],
    [{ oldStart: 0, oldCount: 1, newStart: 0, newCount: 1, lines: ['*a'] }],
    [{ oldStart: -1, oldCount: 0, newStart: 0, newCount: 0, lines: [] }],
    [{ oldStart: 0, oldCount: 0, newStart: 0, newCount: 0, lines: [''] }],
    [null],
    'not an array',
  ];
  for (const hunks of cases) assert.throws(() => applyHunks(hunks, base), DiffMismatchError, JSON.stringify(hunks));
});

test('changedLineIndexes marks inserted and replaced lines only', () => {
  assert.deepEqual(changedLineIndexes('a\nb\nc', 'a\nx\nb\nc'), [1]);
  assert.deepEqual(changedLineIndexes('a\nb\nc', 'a\nB\nc'), [1]);
  assert.deepEqual(changedLineIndexes('a\nb', 'a\nb'), []);
  assert.deepEqual(changedLineIndexes('', 'p\nq'), [0, 1]);
  assert.deepEqual(changedLineIndexes('a\nb\nc\nd', 'a\nc\nb\nd'), [2]);
});
