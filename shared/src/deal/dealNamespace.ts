import { registerNamespace } from '@tasko/shared';

/** Texts of the deal's pieces (ratings, applicants, application statuses), loaded only by the pages that show them. */
export const DEAL_NS = 'deal';
registerNamespace(DEAL_NS, (language) => import(`../locales/${language}/deal.json`));
