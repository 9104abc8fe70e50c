import type { APIRequestContext, APIResponse } from 'playwright-core';

// The browser's sign-in lives with the release check, which walks the same flow.
export { signInThroughProvider } from '../../scripts/release/browserSignIn.js';

async function expectOk(response: APIResponse, what: string): Promise<APIResponse> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return response;
}

/**
 * An ID token from the local provider for a sign-in the server expects: a nonce from `POST /auth/nonce`
 * (whose cookie this request context keeps and sends back with the login), signed into the token.
 */
export async function providerIdToken(request: APIRequestContext, origin: string, email: string, name: string): Promise<string> {
  const { nonce } = (await (await expectOk(await request.post(`${origin}/api/v1/auth/nonce`), 'POST /api/v1/auth/nonce')).json()) as {
    nonce: string;
  };
  const token = await expectOk(await request.post(`${origin}/dev-idp/token`, { data: { email, name, nonce } }), 'POST /dev-idp/token');
  return ((await token.json()) as { id_token: string }).id_token;
}

/**
 * A session token for scripts: an ID token from the provider, exchanged at the API; the user has confirmed
 * being 18 or older (as the first sign-in in the browser asks) unless told otherwise.
 */
export async function apiSession(
  request: APIRequestContext,
  origin: string,
  email: string,
  name: string,
  options: { confirmAge?: boolean } = {},
): Promise<string> {
  const idToken = await providerIdToken(request, origin, email, name);
  const login = await expectOk(
    await request.post(`${origin}/api/v1/auth/google/login`, { headers: { authorization: `Bearer ${idToken}` } }),
    `sign-in of ${email}`,
  );
  const { accessToken } = (await login.json()) as { accessToken: string };
  if (options.confirmAge ?? true) {
    await request.post(`${origin}/api/v1/user/age-confirmation`, { headers: { authorization: `Bearer ${accessToken}` } });
  }
  return accessToken;
}

/** Publishes a listing through the API (multipart, as the posting form sends it) and answers its id. */
export async function createListing(
  request: APIRequestContext,
  origin: string,
  token: string,
  fields: Record<string, string>,
): Promise<number> {
  const response = await request.post(`${origin}/api/v1/jobs`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      jobTitle: 'A task',
      description: 'Details of the task.',
      category: 'homeServices',
      paymentType: 'fixed',
      amount: '150',
      contactPersonName: 'Someone',
      phone: '054-1234-567',
      location: JSON.stringify({ city: 'Haifa', address: '' }),
      offerType: 'job',
      ...fields,
    },
  });
  if (response.status() !== 201) throw new Error(`listing not created: ${await response.text()}`);
  return (await response.json()).job_id as number;
}
