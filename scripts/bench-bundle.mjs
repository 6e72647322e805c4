// `npm run bench:bundle`: gzip size of what the home page loads before it can render — index.html's entry
// script, the chunks it preloads and its stylesheets. Budget (docs/architecture.md §3): 125 KB gzip.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { webDist } from './lib.mjs';

const BUDGET_BYTES = 125 * 1024;
const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
const references = new Set();
for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"[^>]*>/g)) {
  const tag = match[0];
  const url = match[1];
  if (!url || /^https?:/.test(url) || url === '/runtime-config.js') continue;
  if (tag.startsWith('<script') || /rel="(?:stylesheet|modulepreload)"/.test(tag)) references.add(url);
}

const rows = [...references].map((url) => {
  const content = readFileSync(path.join(webDist, url.replace(/^\//, '')));
  return { file: url, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
});
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const row of rows)
  console.log(`${row.file.padEnd(48)} ${kb(row.bytes).padStart(10)} ${kb(row.gzip).padStart(10)} gzip`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(`\nHome initial JS+CSS: ${kb(total)} gzip (budget ${kb(BUDGET_BYTES)})`);
if (total > BUDGET_BYTES) {
  console.error('Over budget.');
  process.exit(1);
}
