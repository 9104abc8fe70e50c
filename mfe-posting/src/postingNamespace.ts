import { registerNamespace } from '@tasko/shared';

export const POSTING_NS = 'posting';
registerNamespace(POSTING_NS, (language) => import(`./locales/${language}/posting.json`));
