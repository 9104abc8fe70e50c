import fs from 'node:fs';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet } from 'jose';
import { users } from '../src/db/schema.js';
import { googleVerifier, localVerifier } from '../src/plugins/auth/idToken.js';
import { displayNameOf } from '@tasko/shared/domain';
import { multipartBody, validPostFields } from './multipart.js';
import { freshClientAddress, signIn, testDatabases, useServerOn } from './testServer.js';

// The listing page (docs/product.md#listings): who is looking (`viewer_is_owner`), and what everyone may see of
// the poster.

describe('a poster’s public name', () => {
  it('is the first name and the surname’s initial, in every script, and never an address', () => {
    assert.equal(displayNameOf('Dana Kaplan'), 'Dana K.');
    assert.equal(displayNameOf('  Mary Ann   smith '), 'Mary S.');
    assert.equal(displayNameOf('דנה כהן'), 'דנה כ.');
    assert.equal(displayNameOf('محمد العلي'), 'محمد ا.');
    assert.equal(displayNameOf('Анна Петрова'), 'Анна П.');
    assert.equal(displayNameOf('Omar'), 'Omar');
    assert.equal(displayNameOf('dana.kaplan@example.com'), '');
    assert.equal(displayNameOf('Dana dana@example.com'), 'Dana');
    assert.equal(displayNameOf(''), '');
  });
});

describe('whose word an address is verified on', () => {
  it('Google’s tokens are Google’s word; the same claims from the local provider are not', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] };
    const token = (issuer: string) =>
      new SignJWT({ email: 'Dana@Example.com', email_verified: true, name: 'Dana Kaplan' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k' })
        .setIssuer(issuer)
        .setAudience('client-1')
        .setSubject('1234567890')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    const google = await googleVerifier('client-1', createLocalJWKSet(jwks)).verify(await token('https://accounts.google.com'));
    assert.equal(google.isEmailVerifiedByGoogle, true);
    const local = await localVerifier(jwks, 'http://tasko.test/dev-idp', 'client-1').verify(await token('http://tasko.test/dev-idp'));
    assert.equal(local.isEmailVerifiedByGoogle, false);
  });
});

for (const database of testDatabases()) {
  describe(`the listing page’s answer on ${database.name}`, () => {
    let dana: string;
    let omar: string;
    const suite = useServerOn(database, { WRITE_RATE_LIMIT: '1000' }, async () => {
      dana = await signIn(suite.server.app, 'dana.kaplan@example.com', 'Dana Kaplan');
      omar = await signIn(suite.server.app, 'omar@example.com', 'Omar Haddad');
    });

    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const publish = async (token: string, fields: Record<string, string> = {}): Promise<number> => {
      const body = multipartBody(validPostFields({ contactPersonName: 'Dana', contactEmail: 'dana.kaplan@example.com', ...fields }));
      const res = await suite.server.app.inject({
        method: 'POST',
        url: '/api/v1/jobs',
        payload: body.payload,
        headers: { ...body.headers, ...auth(token) },
        remoteAddress: freshClientAddress(),
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json().job_id as number;
    };
    const read = (id: number, token?: string) =>
      suite.server.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}`, headers: token ? auth(token) : {} });
    const patch = (id: number, action: 'close' | 'active', token: string) =>
      suite.server.app.inject({
        method: 'PATCH',
        url: `/api/v1/jobs/${id}/${action}`,
        headers: auth(token),
        remoteAddress: freshClientAddress(),
      });

    it('tells the owner they own it, with their contact details; anyone else, signed in or not, is not the owner', async () => {
      const id = await publish(dana);
      const mine = (await read(id, dana)).json();
      assert.equal(mine.viewer_is_owner, true);
      assert.equal(mine.phone, '0541234567');

      const other = await read(id, omar);
      assert.equal(other.statusCode, 200);
      assert.equal(other.json().viewer_is_owner, false);
      assert.equal(other.json().phone, undefined);

      const anonymous = await read(id);
      assert.equal(anonymous.statusCode, 200);
      assert.notEqual(anonymous.json().viewer_is_owner, true);
      assert.equal(anonymous.json().phone, undefined);
      // A stale or forged session reads as nobody in particular, not as an error.
      const forged = await read(id, 'not-a-session');
      assert.equal(forged.statusCode, 200);
      assert.notEqual(forged.json().viewer_is_owner, true);
    });

    it('shows the poster as first name and initial, month joined, active listings: never their email or surname', async () => {
      const first = await publish(dana, { jobTitle: 'First of Dana' });
      const answer = await read(first);
      const publisher = answer.json().publisher;
      const [user] = await suite.handle.db.select().from(users).where(eq(users.email, 'dana.kaplan@example.com'));
      assert.ok(user);
      const joined = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit' })
        .format(user.createdAt)
        .slice(0, 7);
      const activeBefore = publisher.activeListings as number;
      assert.deepEqual(publisher, {
        displayName: 'Dana K.',
        memberSince: joined,
        activeListings: activeBefore,
        emailVerified: false,
        rating: { average: null, count: 0 },
      });
      assert.ok(activeBefore >= 1);
      // Nowhere in the answer, whatever the field: not the sign-in address, not the surname.
      assert.doesNotMatch(answer.body, /dana\.kaplan@example\.com|Kaplan/i);
      assert.equal(typeof answer.json().updated_at, 'string');

      // Another listing counts; a closed one does not.
      const second = await publish(dana, { jobTitle: 'Second of Dana' });
      assert.equal((await read(first)).json().publisher.activeListings, activeBefore + 1);
      assert.equal((await patch(second, 'close', dana)).statusCode, 200);
      const afterClose = (await read(second, dana)).json();
      assert.equal(afterClose.publisher.activeListings, activeBefore);
      assert.ok(Date.parse(afterClose.updated_at) >= Date.parse(afterClose.created_at));
      // The owner's own view names them no more than anyone's: their own contact email is the listing's field.
      assert.doesNotMatch(JSON.stringify(afterClose.publisher), /@|Kaplan/);
    });

    it('says "verified by Google" only for an address Google vouched for, never for the local sign-in', async () => {
      const id = await publish(omar, { contactPersonName: 'Omar', contactEmail: 'omar@example.com' });
      assert.equal((await read(id)).json().publisher.emailVerified, false, 'the local provider’s "email_verified" is nobody’s word');
      await suite.handle.db
        .update(users)
        .set({ emailVerifiedByGoogle: true, picture: 'https://lh3.googleusercontent.com/a/omar' })
        .where(eq(users.email, 'omar@example.com'));
      const publisher = (await read(id)).json().publisher;
      assert.equal(publisher.emailVerified, true);
      assert.equal(publisher.picture, 'https://lh3.googleusercontent.com/a/omar');
      assert.equal(publisher.displayName, 'Omar H.');
      // Signing in again through the local provider takes the word back.
      await signIn(suite.server.app, 'omar@example.com', 'Omar Haddad');
      assert.equal((await read(id)).json().publisher.emailVerified, false);
      // A picture the page could not show over https is left out.
      await suite.handle.db.update(users).set({ picture: 'http://example.com/omar.png' }).where(eq(users.email, 'omar@example.com'));
      assert.equal((await read(id)).json().publisher.picture, undefined);
    });

    it('migrates existing accounts: a Google subject (digits) was verified by Google, a local one was not', async () => {
      await suite.handle.db.execute(
        sql`insert into users (email, name, google_sub) values ('g@example.com', 'G', '109876543210'), ('l@example.com', 'L', 'local-abc')`,
      );
      await suite.handle.db.execute(
        sql`update users set email_verified_by_google = false where email in ('g@example.com', 'l@example.com')`,
      );
      // The migration's own backfill, read from its file and run again on these rows.
      const migration = fs.readFileSync(new URL('../drizzle/0008_poster_profile.sql', import.meta.url), 'utf8');
      const backfill = migration.split('--> statement-breakpoint').find((statement) => /^\s*UPDATE/m.test(statement));
      assert.ok(backfill, 'the migration backfills existing accounts');
      await suite.handle.db.execute(sql.raw(backfill.replace(/^--.*$/gm, '')));
      const rows = await suite.handle.db
        .select({ email: users.email, verified: users.emailVerifiedByGoogle })
        .from(users)
        .where(sql`${users.email} in ('g@example.com', 'l@example.com')`);
      assert.deepEqual(Object.fromEntries(rows.map((r) => [r.email, r.verified])), { 'g@example.com': true, 'l@example.com': false });
    });
  });
}
