import { registerNamespace } from '@tasko/shared';

export const SERVICES_NS = 'services';
registerNamespace(SERVICES_NS, (language) => import(`./locales/${language}/services.json`));
