import { test } from 'node:test';
import assert from 'node:assert/strict';
import { badgeRect, crowdedBadges } from '../../js/ui/crowded-badges.js';

test('badges with room are all shown', () => {
  const rects = [badgeRect({ x: 20, y: 100 }, 1, 'button 90%'), badgeRect({ x: 20, y: 200 }, 1, 'label 80%')];
  assert.deepEqual([...crowdedBadges(rects)], []);
});

test('of overlapping badges the first in reading order is shown', () => {
  const rects = [
    badgeRect({ x: 60, y: 104 }, 1, 'checkbox 70%'), // overlaps the one above-left of it
    badgeRect({ x: 20, y: 100 }, 1, 'checkbox 90%'),
    badgeRect({ x: 20, y: 140 }, 1, 'label 80%'),   // a row below: room
  ];
  assert.deepEqual([...crowdedBadges(rects)], [0]);
});

test('a badge is measured at the zoom: zoomed in, neighbours get room', () => {
  const frames = [{ x: 20, y: 100 }, { x: 60, y: 100 }];
  assert.equal(crowdedBadges(frames.map((f) => badgeRect(f, 1, 'image 60%'))).size, 1);
  assert.equal(crowdedBadges(frames.map((f) => badgeRect(f, 2.5, 'image 60%'))).size, 0);
});
