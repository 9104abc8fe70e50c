import { isSerialId } from '@tasko/shared/domain';
import { ApiProblem } from '../errors/errors.plugin.js';

/** A listing id from a URL; anything that cannot be one is simply a listing that does not exist. */
export function listingId(raw: string): number {
  if (!isSerialId(raw)) throw new ApiProblem(404, 'jobNotFound');
  return Number(raw);
}
