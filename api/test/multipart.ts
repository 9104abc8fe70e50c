import crypto from 'node:crypto';

export interface FilePart {
  name?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body, as a browser's FormData would send it, for app.inject. */
export function multipartBody(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----tasko${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'photos'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The fields of a complete, valid job post. */
export function validPostFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    jobTitle: 'Help carrying a sofa',
    description: 'Third floor, no elevator, about an hour.',
    category: 'homeServices',
    paymentType: 'fixed',
    amount: '250',
    contactPersonName: 'Dana',
    phone: '054-1234-567',
    contactEmail: 'dana@example.com',
    location: JSON.stringify({ city: 'Haifa', address: 'Herzl 10' }),
    user: JSON.stringify({ email: 'ignored@example.com' }),
    offerType: 'job',
    ...overrides,
  };
}
