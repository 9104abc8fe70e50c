import { registerNamespace } from '@tasko/shared';

export const ACCOUNT_NS = 'account';
registerNamespace(ACCOUNT_NS, (language) => import(`./locales/${language}/account.json`));
