import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * A built site in miniature: the shell's index.html and manifests, and one remote exposing FaqPage, so the
 * server's page and preload logic is tested without running webpack.
 */
export function makeFixtureSite(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-site-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write(
    'shell/dist/index.html',
    '<!doctype html><html lang=he dir=rtl><head><meta charset=utf-8><title>Tasko</title><script defer src=/mfe/shell/main.0123abcd.js></script></head><body><div id=root></div></body></html>',
  );
  write('shell/dist/main.0123abcd.js', 'console.log("shell")');
  write('shell/dist/bootstrap.22222222.css', '.site-header{position:sticky}.site-main{min-block-size:calc(100vh - 72px)}');
  write(
    'shell/dist/chunk-groups.json',
    JSON.stringify({
      bootstrap: ['bootstrap.11111111.js', 'bootstrap.22222222.css'],
      'provided:react': ['react.44444444.js'],
      'locale-ru-common-json': ['locale-ru.33333333.js'],
    }),
  );
  write(
    'shell/dist/mf-manifest.json',
    JSON.stringify({
      shared: [
        // The fallback copy the manifest lists beside the provided one: never run, so never hinted.
        { name: 'react', assets: { js: { sync: ['react.44444444.js', 'react.55555555.js'] }, css: { sync: [] } } },
      ],
      exposes: [],
    }),
  );
  write('mfe-content/dist/index.html', '<!doctype html><html><body>harness</body></html>');
  write('mfe-content/dist/remoteEntry.js', 'var mfe_content;');
  write(
    'mfe-content/dist/mf-manifest.json',
    JSON.stringify({
      shared: [],
      exposes: [{ name: 'FaqPage', path: './FaqPage', assets: { js: { sync: ['faq.66666666.js'] }, css: { sync: ['faq.77777777.css'] } } }],
    }),
  );
  write('mfe-content/dist/faq.66666666.js', 'faq');
  // What the build writes beside each file: the copies the server sends to browsers that accept them.
  fs.writeFileSync(path.join(root, 'mfe-content/dist/faq.66666666.js.br'), zlib.brotliCompressSync('faq'));
  fs.writeFileSync(path.join(root, 'mfe-content/dist/faq.66666666.js.gz'), zlib.gzipSync('faq'));
  fs.writeFileSync(path.join(root, 'mfe-content/dist/remoteEntry.js.br'), zlib.brotliCompressSync('var mfe_content;'));
  return root;
}
