import { describe, expect, it } from 'vitest';
import { anonymousUsers, DEMO_USER_COOKIE } from '../../demo/anonymous-user';

/** A handler that answers with the user it was given, as the chat handler's `getUserId` sees it. */
function echoUser() {
  const users = anonymousUsers();
  return users.withUser(async (request) => Response.json({ user: users.getUserId(request) ?? null }));
}

const cookieOf = (response: Response) => response.headers.get('set-cookie') ?? '';

describe("given the demo's anonymous users", () => {
  it('gives a browser without the cookie a new unguessable id, in an httpOnly SameSite=Lax cookie, and knows it on the same request', async () => {
    const handler = echoUser();
    const response = await handler(new Request('http://localhost/api/chat/threads'));
    const { user } = (await response.json()) as { user: string };
    expect(user).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookieOf(response)).toBe(`${DEMO_USER_COOKIE}=${user}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`);
    // Two browsers, two users.
    const other = (await (await handler(new Request('http://localhost/api/chat/threads'))).json()) as { user: string };
    expect(other.user).not.toBe(user);
  });

  it('keeps the id of a browser that has the cookie, and sets nothing', async () => {
    const handler = echoUser();
    const id = 'AAAAAAAAAAAAAAAAAAAAAA';
    const response = await handler(new Request('http://localhost/api/chat', { headers: { cookie: `theme=dark; ${DEMO_USER_COOKIE}=${id}` } }));
    expect(await response.json()).toEqual({ user: id });
    expect(response.headers.has('set-cookie')).toBe(false);
  });

  it('replaces a cookie it did not make (another shape), and marks the cookie Secure over https', async () => {
    const handler = echoUser();
    const response = await handler(new Request('https://example.com/api/chat', { headers: { cookie: `${DEMO_USER_COOKIE}=admin` } }));
    const { user } = (await response.json()) as { user: string };
    expect(user).not.toBe('admin');
    expect(cookieOf(response)).toMatch(new RegExp(`^${DEMO_USER_COOKIE}=${user}; .*; Secure$`));
  });
});
