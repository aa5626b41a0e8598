import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TEXT_STYLES, textStyleOfLabel, themeFonts, themeProperties } from '../../js/preview/theme-tokens.js';

test('a label takes its text style from its drawn height, as the code generator does', () => {
  assert.equal(textStyleOfLabel(44), 'largeTitle');
  assert.equal(textStyleOfLabel(43.9), 'title');
  assert.equal(textStyleOfLabel(32), 'title');
  assert.equal(textStyleOfLabel(31.9), 'headline');
  assert.equal(textStyleOfLabel(24), 'headline');
  assert.equal(textStyleOfLabel(23.9), 'body');
  assert.equal(textStyleOfLabel(6), 'body');
  assert.equal(textStyleOfLabel(5.9), 'caption');
});

test('at scale 1 the fonts are the system text styles', () => {
  assert.deepEqual(themeFonts(1), {
    largeTitle: { size: 34, weight: 400 }, title: { size: 28, weight: 400 }, headline: { size: 17, weight: 600 },
    body: { size: 17, weight: 400 }, caption: { size: 12, weight: 400 },
  });
});

test('another scale gives Theme.swift\'s Font.system sizes, rounded to a tenth, and weights', () => {
  assert.deepEqual(themeFonts(1.5), {
    largeTitle: { size: 51, weight: 700 }, title: { size: 42, weight: 700 }, headline: { size: 25.5, weight: 600 },
    body: { size: 25.5, weight: 400 }, caption: { size: 18, weight: 400 },
  });
  assert.equal(themeFonts(1.13).caption.size, 13.6, '12 x 1.13 = 13.56');
  assert.equal(themeFonts(1.13).headline.size, 19.2, '17 x 1.13 = 19.21');
});

test('the type scale is clamped to 0.5...3 as the exporter does, 1 when not a number', () => {
  assert.equal(themeFonts(9).body.size, 51);
  assert.equal(themeFonts(0.1).caption.size, 6);
  assert.deepEqual(themeFonts(Number.NaN), themeFonts(1));
});

test('the phone takes the accent, background, radius and every text style as CSS properties', () => {
  const properties = new Map(themeProperties({ accent: '#ff2d55', background: '#101010', cornerRadius: 20, typeScale: 2 }));
  assert.equal(properties.get('--accent'), '#ff2d55');
  assert.equal(properties.get('--screen-bg'), '#101010');
  assert.equal(properties.get('--radius'), '20px');
  assert.equal(properties.get('--title-size'), '56px');
  assert.equal(properties.get('--title-weight'), '700');
  for (const style of TEXT_STYLES) assert.ok(properties.has(`--${style}-size`) && properties.has(`--${style}-weight`), style);
});

test('a theme that is not valid falls back as the exporter does', () => {
  const properties = new Map(themeProperties({ accent: 'red', background: '', cornerRadius: 90, typeScale: 1 }));
  assert.equal(properties.get('--accent'), '#007aff');
  assert.equal(properties.get('--screen-bg'), '#ffffff');
  assert.equal(properties.get('--radius'), '60px');
});
