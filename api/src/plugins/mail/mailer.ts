import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.js';
import type { RenderedEmail } from './alertEmail.js';

export interface Mailer {
  send(message: RenderedEmail): Promise<void>;
}

function mailOf(config: AppConfig, message: RenderedEmail) {
  return {
    from: config.mailFrom,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: message.headers,
  };
}

let sequence = 0;

/**
 * A name that sorts by the time it was written (newest last), then by the order within one millisecond of
 * this process, and never collides with another instance writing to the same folder.
 */
export function outboxFileName(now = Date.now()): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${String(now).padStart(15, '0')}-${String(sequence).padStart(6, '0')}-${crypto.randomBytes(4).toString('hex')}.eml`;
}

/**
 * Alert emails over SMTP when SMTP_URL is set; otherwise (the embedded default) each message goes to
 * `outboxDir` as the .eml nodemailer would have sent, real headers and MIME, shown at /dev-mail.
 */
export function createMailer(config: AppConfig): Mailer {
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await smtp.sendMail(mailOf(config, message));
      },
    };
  }
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await outbox.sendMail(mailOf(config, message));
      if (!Buffer.isBuffer(info.message)) throw new Error('the outbox transport gave a stream, not the message');
      await fs.mkdir(config.outboxDir, { recursive: true });
      const file = path.join(config.outboxDir, outboxFileName());
      // Written whole, then renamed: the viewer never reads half a message.
      await fs.writeFile(`${file}.tmp`, info.message);
      await fs.rename(`${file}.tmp`, file);
    },
  };
}
