import { test } from 'node:test';
import assert from 'node:assert/strict';
import { highlightSwift } from '../../js/code/highlight.js';

test('highlighting escapes HTML and marks keywords, strings, types and comments', () => {
  const html = highlightSwift('let x = Text("<b>") // a & b');
  assert.match(html, /<span class="tok-keyword">let<\/span>/);
  assert.match(html, /<span class="tok-type">Text<\/span>/);
  assert.match(html, /<span class="tok-string">&quot;&lt;b&gt;&quot;<\/span>/);
  assert.match(html, /<span class="tok-comment">\/\/ a &amp; b<\/span>/);
  assert.doesNotMatch(html, /<b>/);
  assert.equal(highlightSwift('@State private var on = true').includes('<span class="tok-attr">@State</span>'), true);
});
