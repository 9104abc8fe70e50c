import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type AddressObject } from 'mailparser';
import { onlyLocalClients, type LocalClients } from '../security/clientKey.js';
import { escapeHtml } from '../site/pageHtml.js';

export interface OutboxMessage {
  /** The file's name without `.eml`. */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Lower-cased header names to their decoded values (a repeated header's values joined by ", "). */
  headers: Record<string, string>;
  sentAt: string;
}

/** The newest messages shown: the outbox of a long-running machine may hold thousands. */
const SHOWN = 200;

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`), which nodemailer writes for any header that is not ASCII. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?[^?]+\?[BbQq]\?[^?]*\?=)/g, '$1')
    .replace(/=\?([^?*]+)(?:\*[^?]*)?\?([BbQq])\?([^?]*)\?=/g, (_word, charset: string, encoding: string, data: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(
              data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      try {
        return new TextDecoder(charset).decode(bytes);
      } catch {
        return bytes.toString('utf8');
      }
    });
}

function addressText(address: AddressObject | AddressObject[] | undefined): string {
  if (!address) return '';
  return (Array.isArray(address) ? address : [address]).map((a) => a.text).join(', ');
}

async function readMessage(dir: string, file: string): Promise<OutboxMessage> {
  const full = path.join(dir, file);
  const [source, stat] = await Promise.all([fs.readFile(full), fs.stat(full)]);
  const parsed = await simpleParser(source);
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    const value = decodeWords(
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
    const name = key.toLowerCase();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return {
    id: file.replace(/\.eml$/, ''),
    to: addressText(parsed.to),
    subject: parsed.subject ?? '',
    html: parsed.html || '',
    text: parsed.text ?? '',
    headers,
    sentAt: (parsed.date ?? stat.mtime).toISOString(),
  };
}

/** The outbox's messages, newest first (the file names sort by the time they were written). */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newest = files
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse()
    .slice(0, SHOWN);
  return Promise.all(newest.map((file) => readMessage(dir, file)));
}

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f5;color:#1f2937}main{max-width:60rem;margin:0 auto;padding:1.5rem}h1{margin:0 0 .25rem}article{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:1rem 1.25rem;margin-top:1.25rem}h2{font-size:1.1rem;margin:0 0 .25rem}p.meta{color:#6b7280;margin:0 0 .75rem;font-size:.9rem}iframe{width:100%;height:36rem;border:1px solid #e5e7eb;border-radius:8px;background:#fff}pre{white-space:pre-wrap;background:#f9fafb;padding:.75rem;border-radius:8px;overflow:auto}summary{cursor:pointer;margin-top:.75rem;font-weight:600}';

function messageHtml(message: OutboxMessage): string {
  const headerRows = Object.entries(message.headers)
    .map(([name, value]) => `${escapeHtml(name)}: ${escapeHtml(value)}`)
    .join('\n');
  // The message's HTML runs in a sandbox without scripts or the site's origin; its links open in a new tab.
  return `<article><h2 dir="auto">${escapeHtml(message.subject)}</h2>
<p class="meta">To <bdi>${escapeHtml(message.to)}</bdi> · <time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(message.sentAt)}</time> · ${escapeHtml(message.id)}.eml</p>
<iframe title="${escapeHtml(message.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(message.html)}"></iframe>
<details><summary>Plain text</summary><pre dir="auto">${escapeHtml(message.text)}</pre></details>
<details><summary>Headers</summary><pre>${headerRows}</pre></details></article>`;
}

/**
 * The outbox viewer of the embedded default (no SMTP_URL): the alert emails the server would have sent.
 * They carry unsubscribe tokens and addresses, so it answers the clients the local identity provider answers
 * (this machine; with DEV_IDP=on its private networks too): the client as the server resolves it (a trusted
 * proxy's report, else the socket), never a trusted proxy's own loopback socket. Plain English, no script.
 */
export async function devMailRoutes(app: FastifyInstance, opts: { outboxDir: string; clients: LocalClients }): Promise<void> {
  app.addHook('onRequest', onlyLocalClients(opts.clients));

  app.get('/', async (_request, reply) => {
    const messages = await readOutbox(opts.outboxDir);
    const list =
      messages.length > 0
        ? messages.map(messageHtml).join('\n')
        : '<p>No messages yet. Alert emails appear here when the server sends them.</p>';
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Outbox (local mail)</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><main><h1>Outbox</h1><p>Emails the server sent while no SMTP server is configured (SMTP_URL), newest first. JSON: <a href="/dev-mail/messages">/dev-mail/messages</a>.</p>
${list}
</main></body></html>`);
  });

  app.get('/messages', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { messages: await readOutbox(opts.outboxDir) };
  });
}
