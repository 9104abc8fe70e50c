import { ApiProblem } from '../errors/errors.plugin.js';

/** Ids are positive 32-bit integers; anything else is simply a listing that does not exist. */
export function listingId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw new ApiProblem(404, 'jobNotFound');
  const id = Number(raw);
  if (id < 1 || id > 2_147_483_647) throw new ApiProblem(404, 'jobNotFound');
  return id;
}
