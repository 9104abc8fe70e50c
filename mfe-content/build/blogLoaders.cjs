// Blog articles are Markdown files with a YAML front matter (title, excerpt, date, read by front-matter) that
// editors change without touching code; titles and excerpts are quoted, since a colon is common in them. At
// build time an article becomes a module `{ id, title, excerpt, date, body }`, and a language's `index.blog`
// becomes the list of its articles without their bodies, so /blogs downloads titles and excerpts only.
const fs = require('node:fs');
const path = require('node:path');
const frontMatter = require('front-matter');

const FIELDS = ['title', 'excerpt', 'date'];

/** A front-matter field as text: YAML reads an unquoted `date: 2026-01-12` as a date (UTC midnight). */
function fieldText(value) {
  return value instanceof Date ? value.toISOString().slice(0, 10) : value;
}

function parseArticle(file) {
  // front-matter takes Windows line ends on Windows only: an article saved with them reads the same everywhere.
  const text = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  if (!frontMatter.test(text)) throw new Error(`${file}: the front matter (--- title, excerpt, date ---) is missing`);
  let parsed;
  try {
    parsed = frontMatter(text);
  } catch (error) {
    // js-yaml names the line and column; a title with ": " in it must be quoted.
    throw new Error(`${file}: the front matter is not valid YAML: ${error.message}`, { cause: error });
  }
  const meta = Object.fromEntries(FIELDS.map((field) => [field, fieldText(parsed.attributes[field])]));
  for (const field of FIELDS) {
    if (typeof meta[field] !== 'string' || !meta[field].trim()) throw new Error(`${file}: front matter has no ${field}`);
  }
  return { id: path.basename(file, '.md'), ...meta, body: parsed.body.trim() };
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
