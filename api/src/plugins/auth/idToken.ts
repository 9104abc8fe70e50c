import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

export interface VerifiedIdentity {
  sub: string;
  email: string;
  name: string;
  picture?: string;
}

export interface IdTokenVerifier {
  /** Resolves with the identity, or rejects for a bad signature, issuer, audience, expiry or unverified email. */
  verify(idToken: string): Promise<VerifiedIdentity>;
}

export class IdTokenRejected extends Error {}

function verifierFor(keys: JWTVerifyGetKey, issuer: string | string[], audience: string): IdTokenVerifier {
  return {
    async verify(idToken) {
      let payload;
      try {
        ({ payload } = await jwtVerify(idToken, keys, { issuer, audience, algorithms: ['RS256'] }));
      } catch (error) {
        throw new IdTokenRejected(error instanceof Error ? error.message : 'invalid token');
      }
      const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
      if (!emailVerified || typeof payload.email !== 'string' || !payload.sub) throw new IdTokenRejected('email not verified');
      return {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        name: typeof payload.name === 'string' ? payload.name : '',
        ...(typeof payload.picture === 'string' ? { picture: payload.picture } : {}),
      };
    },
  };
}

/** Google's ID tokens: keys fetched from Google and cached by jose. */
export function googleVerifier(clientId: string): IdTokenVerifier {
  const keys = createRemoteJWKSet(new URL('https://www.googleapis.com/oauth2/v3/certs'));
  return verifierFor(keys, ['https://accounts.google.com', 'accounts.google.com'], clientId);
}

/** The local identity provider's ID tokens: keys known in process, no network. */
export function localVerifier(jwks: JSONWebKeySet, issuer: string, clientId: string): IdTokenVerifier {
  return verifierFor(createLocalJWKSet(jwks), issuer, clientId);
}
