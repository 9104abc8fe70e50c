import { registerNamespace } from '@tasko/shared';

export const JOBS_NS = 'jobs';
registerNamespace(JOBS_NS, (language) => import(`./locales/${language}/jobs.json`));
