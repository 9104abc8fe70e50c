import { Fragment, type ReactNode } from 'react';

type Block =
  { kind: 'heading'; text: string } | { kind: 'bulleted' | 'numbered'; items: string[] } | { kind: 'paragraph'; lines: string[] };

const BULLET = /^\s*- /;
const NUMBER = /^\s*\d+\. /;

/** Lines with neither a blank line nor a heading between them: a list when every line is an item of one kind, else a paragraph. */
function blockOf(lines: string[]): Block {
  if (lines.every((line) => BULLET.test(line))) return { kind: 'bulleted', items: lines.map((line) => line.replace(BULLET, '')) };
  if (lines.every((line) => NUMBER.test(line))) return { kind: 'numbered', items: lines.map((line) => line.replace(NUMBER, '')) };
  return { kind: 'paragraph', lines };
}

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    let run: string[] = [];
    for (const line of chunk.trim().split('\n')) {
      if (!line.startsWith('## ')) {
        if (line) run.push(line);
        continue;
      }
      if (run.length) blocks.push(blockOf(run));
      run = [];
      blocks.push({ kind: 'heading', text: line.slice(3) });
    }
    if (run.length) blocks.push(blockOf(run));
  }
  return blocks;
}

/** **bold** inside a line; everything else stays text. */
function inline(text: string): ReactNode[] {
  return text
    .split(/(\*\*[^*]+\*\*)/g)
    .map((part, i) =>
      part.length > 4 && part.startsWith('**') && part.endsWith('**') ? (
        <strong key={i}>{part.slice(2, -2)}</strong>
      ) : (
        <Fragment key={i}>{part}</Fragment>
      ),
    );
}

/**
 * Body text written by editors and translators (content pages, blog articles): paragraphs split by a blank
 * line, `## ` headings, lists whose lines all start with `- ` or `1. `, and **bold**. The lines of a paragraph
 * are kept as written, one under the other. Everything else, markup included, is shown as text, so a file a
 * translator edits can never put HTML in the page.
 */
export function Prose({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {blocksOf(text).map((block, i) => {
        switch (block.kind) {
          case 'heading':
            return <h2 key={i}>{inline(block.text)}</h2>;
          case 'bulleted':
            return (
              <ul key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>{inline(item)}</li>
                ))}
              </ul>
            );
          case 'numbered':
            return (
              <ol key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>{inline(item)}</li>
                ))}
              </ol>
            );
          case 'paragraph':
            return (
              <p key={i}>
                {block.lines.map((line, j) => (
                  <Fragment key={j}>
                    {j > 0 && <br />}
                    {inline(line)}
                  </Fragment>
                ))}
              </p>
            );
        }
      })}
    </div>
  );
}
