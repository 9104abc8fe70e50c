import { registerNamespace } from '@tasko/shared';

/** Texts of the lists (home and /tasks). */
export const JOBS_NS = 'jobs';
registerNamespace(JOBS_NS, (language) => import(`./locales/${language}/jobs.json`));

/** Texts of a listing's page (gallery, contact, owner, poster): the lists never download them. */
export const JOB_NS = 'job';
registerNamespace(JOB_NS, (language) => import(`./locales/${language}/job.json`));
