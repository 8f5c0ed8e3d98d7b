import { newChatId } from 'toolchat/server';

type Handler = (request: Request) => Promise<Response>;

/** The cookie holding a visitor's id. */
export const USER_COOKIE = 'toolchat-user';

// 128 random bits, base64url: what this module makes. Anything else in the cookie is replaced.
const USER_ID = /^[A-Za-z0-9_-]{22}$/;

// A year: the example keeps a visitor's chats as long as the browser keeps the cookie.
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * This example's users, without a login: each browser gets a random, unguessable id in an
 * httpOnly cookie on its first request, and its chats are that id's. An example's choice, so
 * that it runs with nothing to sign up for: an app passes its own auth's user to `getUserId`
 * instead (a session, a JWT). Whoever holds the cookie holds the chats, and clearing cookies
 * leaves them behind on the server.
 */
export function anonymousUsers(): {
  /** The `getUserId` of `createChatHandler`: the cookie's id, or the one just given to this request. */
  getUserId: (request: Request) => string | undefined;
  /** Gives a request without a valid cookie a new id, and sets the cookie on its response. */
  withUser: (handler: Handler) => Handler;
} {
  const given = new WeakMap<Request, string>();
  return {
    getUserId: (request) => cookieUser(request) ?? given.get(request),
    withUser: (handler) => async (request) => {
      if (cookieUser(request)) return handler(request);
      // 128 bits from the platform's CSPRNG, as a chat id is made.
      const userId = newChatId();
      given.set(request, userId);
      const response = await handler(request);
      // A copy: a handler's Response may have immutable headers.
      const withCookie = new Response(response.body, response);
      const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
      withCookie.headers.append('set-cookie', `${USER_COOKIE}=${userId}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
      return withCookie;
    },
  };
}

function cookieUser(request: Request): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, value] = pair.trim().split('=', 2);
    if (name === USER_COOKIE && value && USER_ID.test(value)) return value;
  }
  return undefined;
}
