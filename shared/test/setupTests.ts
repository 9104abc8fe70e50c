import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { webcrypto } from 'node:crypto';

// Browsers have these; jsdom does not (yet): the pages use them to encode sign-in state.
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!globalThis.crypto?.getRandomValues) Object.defineProperty(globalThis, 'crypto', { value: webcrypto });

// `npm test` runs jest beside the API, browser and release lanes on two cores, where a page test that types a
// whole form can take many seconds: the bounds are generous so that only a hung test fails on time.
// (docs/operations.md, Tests and CI).
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 15_000 });
