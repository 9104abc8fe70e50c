import { z } from 'zod';

// In the browser the site's Content-Security-Policy allows no eval: zod would still probe `new Function` to
// decide whether to compile its parsers, and each probe is a CSP violation in the console. The server keeps
// the compiled parsers.
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });
