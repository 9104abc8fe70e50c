import crypto from 'node:crypto';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { cleanText } from '@tasko/shared/validation';

export interface VerifiedIdentity {
  sub: string;
  email: string;
  name: string;
  picture?: string;
  /** Google issued the token, so Google checked the address (the token is refused when it did not). */
  isEmailVerifiedByGoogle: boolean;
  /** The `nonce` claim: must match the one this browser was given (POST /auth/nonce). */
  nonce?: string;
  /** Names this token and no other (its `jti`, else a hash of the token itself): a token is exchanged once. */
  tokenKey: string;
  expiresAt: Date;
}

export interface IdTokenVerifier {
  /** Resolves with the identity, or rejects for a bad signature, issuer, audience, expiry or unverified email. */
  verify(idToken: string): Promise<VerifiedIdentity>;
}

export class IdTokenRejected extends Error {}

/** How far ahead of this server's clock a provider's clock may run when it stamps `iat`. */
const CLOCK_SKEW_SECONDS = 5 * 60;
/**
 * The longest an ID token may live from `iat` to `exp`: Google's live an hour, and a used token is kept
 * (to refuse its replay) until it expires, so a token for a century would be a key for a century.
 */
const MAX_LIFETIME_SECONDS = 24 * 60 * 60;

/** A token stamped in the future, or living longer than any sign-in needs, is not one to trust. */
function checkLifetime(iat: number | undefined, exp: number | undefined): void {
  if (iat === undefined || exp === undefined) throw new IdTokenRejected('iat and exp are required');
  if (iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) throw new IdTokenRejected('iat is in the future');
  if (exp <= iat || exp - iat > MAX_LIFETIME_SECONDS) throw new IdTokenRejected('lifetime out of bounds');
}

function verifierFor(keys: JWTVerifyGetKey, issuer: string | string[], clientId: string, isGoogle: boolean): IdTokenVerifier {
  return {
    async verify(idToken) {
      let payload;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          issuer,
          audience: clientId,
          algorithms: ['RS256'],
          requiredClaims: ['iss', 'aud', 'sub', 'email', 'exp', 'iat'],
        }));
      } catch (error) {
        throw new IdTokenRejected(error instanceof Error ? error.message : 'invalid token');
      }
      checkLifetime(payload.iat, payload.exp);
      // A token for several audiences was issued to the party named in `azp`: it must be this site.
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId)
        throw new IdTokenRejected('azp is not this site');
      if (payload.azp !== undefined && payload.azp !== clientId) throw new IdTokenRejected('azp is not this site');
      const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
      if (!emailVerified || typeof payload.email !== 'string' || !payload.sub) throw new IdTokenRejected('email not verified');
      return {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        // A provider's name is nobody's to correct: cleaned as free text is (text.ts), so it can be stored and shown.
        name: typeof payload.name === 'string' ? cleanText(payload.name) : '',
        ...(typeof payload.picture === 'string' ? { picture: payload.picture } : {}),
        isEmailVerifiedByGoogle: isGoogle,
        ...(typeof payload.nonce === 'string' ? { nonce: payload.nonce } : {}),
        // Not `sub` + `iat`: two genuine tokens of one person can share a second.
        tokenKey: payload.jti
          ? `jti:${payload.iss}|${payload.jti}`
          : `sha256:${crypto.createHash('sha256').update(idToken).digest('base64url')}`,
        expiresAt: new Date((payload.exp ?? 0) * 1000),
      };
    },
  };
}

/** Google's ID tokens: keys fetched from Google and cached by jose (or given, for a test without a network). */
export function googleVerifier(
  clientId: string,
  keys: JWTVerifyGetKey = createRemoteJWKSet(new URL('https://www.googleapis.com/oauth2/v3/certs')),
): IdTokenVerifier {
  return verifierFor(keys, ['https://accounts.google.com', 'accounts.google.com'], clientId, true);
}

/** The local identity provider's ID tokens: keys known in process, no network. */
export function localVerifier(jwks: JSONWebKeySet, issuer: string, clientId: string): IdTokenVerifier {
  // Its "verified" addresses are whatever was typed into its page: never Google's word.
  return verifierFor(createLocalJWKSet(jwks), issuer, clientId, false);
}
