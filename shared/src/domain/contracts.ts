// Values that two sides must agree on (server and browser, shell and remotes): each is written here once.

/** The `<script type="application/json">` element the server writes the runtime configuration into. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'tasko-config';

/** Every remote's entry file, under its folder (`/mfe/<folder>/remoteEntry.js`) or wherever it is deployed. */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/** The local identity provider (when no Google client id is configured): its client id and sign-in page. */
export const LOCAL_IDENTITY_PROVIDER = { clientId: 'tasko-local', authorizationEndpoint: '/dev-idp/authorize' } as const;

/** The largest id of a row (a listing, a user): ids are PostgreSQL `serial`, positive 32-bit integers. */
const MAX_SERIAL_ID = 2_147_483_647;

/** A listing's or a user's id as it appears in a URL: digits without leading zeros, from 1 to 2^31 − 1. */
export function isSerialId(raw: string | undefined): raw is string {
  return !!raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_SERIAL_ID;
}

/** What the posting form has just done with a listing, said once by the listing's page it goes on to. */
export type ListingOutcome = 'published' | 'saved';

/** The router state the posting form hands to the listing's page (`navigate(path, { state })`). */
export interface ListingOutcomeState {
  listingOutcome: ListingOutcome;
}

/** The outcome in a router state, which can hold anything (another page's state, an old history entry). */
export function listingOutcomeOf(state: unknown): ListingOutcome | null {
  if (typeof state !== 'object' || state === null || !('listingOutcome' in state)) return null;
  const { listingOutcome } = state;
  return listingOutcome === 'published' || listingOutcome === 'saved' ? listingOutcome : null;
}
