// Blog articles are Markdown files with a front matter (title, excerpt, date) that editors change without
// touching code. At build time an article becomes a module `{ id, title, excerpt, date, body }`, and a
// language's `index.blog` becomes the list of its articles without their bodies, so /blogs downloads
// titles and excerpts only.
const fs = require('node:fs');
const path = require('node:path');

function parseArticle(file) {
  const text = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: the front matter (--- title, excerpt, date ---) is missing`);
  const meta = {};
  for (const line of match[1].split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) meta[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  for (const field of ['title', 'excerpt', 'date']) {
    if (!meta[field]) throw new Error(`${file}: front matter has no ${field}`);
  }
  return { id: path.basename(file, '.md'), title: meta.title, excerpt: meta.excerpt, date: meta.date, body: match[2].trim() };
}

function articleIds(dir) {
  return fs
    .readdirSync(dir)
    .filter((name) => /^blog\d+\.md$/.test(name))
    .map((name) => name.replace(/\.md$/, ''))
    .sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)));
}

/** `blogN.md` → the article as a module. */
function articleLoader() {
  return `export default ${JSON.stringify(parseArticle(this.resourcePath))};`;
}

/** `index.blog` → the language's articles without bodies, newest first. */
function indexLoader() {
  const dir = path.dirname(this.resourcePath);
  this.addContextDependency(dir);
  const articles = articleIds(dir).map((id) => {
    const { body: _body, ...meta } = parseArticle(path.join(dir, `${id}.md`));
    return meta;
  });
  articles.sort((a, b) => b.date.localeCompare(a.date));
  return `export default ${JSON.stringify(articles)};`;
}

module.exports = { parseArticle, articleIds, articleLoader, indexLoader };
