import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LOCAL_IDENTITY_PROVIDER } from '@tasko/shared/domain';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JSONWebKeySet, type JWK } from 'jose';

export const LOCAL_CLIENT_ID = LOCAL_IDENTITY_PROVIDER.clientId;

export interface LocalIdentityProvider {
  issuer: string;
  jwks: JSONWebKeySet;
  /** An ID token shaped like Google's, signed by this provider's key. */
  signIdToken(claims: { email: string; name: string; nonce?: string }): Promise<string>;
}

/** The provider's RSA key: generated at first start and kept in the data folder (never committed). */
async function loadOrCreateKey(dataDir: string): Promise<JWK> {
  const file = path.join(dataDir, 'dev-idp-key.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as JWK;
  } catch {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
    fs.mkdirSync(dataDir, { recursive: true });
    // Two instances sharing DATA_DIR may start together (docs/deploy.md#what-is-shared): the key is written
    // aside and linked into place, which only one can do; the other reads the winner's whole file.
    const draft = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
    fs.writeFileSync(draft, JSON.stringify(jwk), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
      return jwk;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return JSON.parse(fs.readFileSync(file, 'utf8')) as JWK;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
}

export async function openLocalIdentityProvider(dataDir: string, issuer: string): Promise<LocalIdentityProvider> {
  const privateJwk = await loadOrCreateKey(dataDir);
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
  const privateKey = await importJWK(privateJwk, 'RS256');
  return {
    issuer,
    jwks: { keys: [publicJwk] },
    signIdToken: ({ email, name, nonce }) =>
      new SignJWT({
        email: email.toLowerCase(),
        email_verified: true,
        name,
        ...(nonce ? { nonce } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid: privateJwk.kid ?? 'local' })
        .setIssuer(issuer)
        .setAudience(LOCAL_CLIENT_ID)
        // A stable subject per address, as Google's is per account.
        .setSubject(`local-${crypto.createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24)}`)
        // Like Google's: each token is new, so the site can refuse the same token twice.
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey),
  };
}
