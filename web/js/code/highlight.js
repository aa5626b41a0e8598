// Swift syntax highlighting for the code panel: one line at a time to HTML with
// `<span class="tok-...">`. Pure; escapes everything it emits.

const KEYWORDS = new Set(('import struct class enum protocol extension func var let if else for in while return '
  + 'some private public internal fileprivate static self Self true false nil init case switch default guard '
  + 'try throws async await where inout mutating weak').split(' '));

const TOKEN = /(\/\/.*$)|("(?:[^"\\]|\\.)*"?)|(@\w+)|(\b\d+(?:\.\d+)?\b)|(\b[A-Za-z_]\w*\b)|(\s+)|([^\sA-Za-z_\d"@/]+|\/)/g;

/** HTML-escapes text. */
export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** One line of Swift as highlighted HTML. */
export function highlightSwift(line) {
  let html = '';
  for (const match of line.matchAll(TOKEN)) {
    const [text, comment, string, attribute, number, word] = match;
    const escaped = escapeHtml(text);
    if (comment) html += `<span class="tok-comment">${escaped}</span>`;
    else if (string) html += `<span class="tok-string">${escaped}</span>`;
    else if (attribute) html += `<span class="tok-attr">${escaped}</span>`;
    else if (number) html += `<span class="tok-number">${escaped}</span>`;
    else if (word && KEYWORDS.has(word)) html += `<span class="tok-keyword">${escaped}</span>`;
    else if (word && /^[A-Z]/.test(word)) html += `<span class="tok-type">${escaped}</span>`;
    else html += escaped;
  }
  return html;
}
