/** Messages an app may post to the chat per minute at most. */
export const MAX_APP_MESSAGES_PER_MINUTE = 3;
/** Characters of one app message at most. */
export const MAX_APP_MESSAGE_CHARS = 4000;
/** Calls an app may have open at once at most. */
export const MAX_OPEN_APP_CALLS = 4;

/**
 * The limit on an app's messages (`ui/message`): one at a time (the last must have gone), and
 * {@link MAX_APP_MESSAGES_PER_MINUTE} in any minute. `take` says why a message is refused, or
 * counts it. An app that floods the chat gets refusals, not a flood.
 */
export function createMessageLimit(now: () => number = Date.now) {
  const sent: number[] = [];
  let inFlight = false;
  return {
    take(text: string): string | undefined {
      if (text === '') return 'the message has no text';
      if (text.length > MAX_APP_MESSAGE_CHARS) return `the message is ${text.length} characters long (at most ${MAX_APP_MESSAGE_CHARS})`;
      if (inFlight) return 'its last message is still being answered';
      const at = now();
      while (sent.length > 0 && sent[0]! <= at - 60_000) sent.shift();
      if (sent.length >= MAX_APP_MESSAGES_PER_MINUTE) return `it already sent ${MAX_APP_MESSAGES_PER_MINUTE} messages this minute`;
      sent.push(at);
      return undefined;
    },
    /** Marks the counted message as on its way until `done` settles. */
    track(done: Promise<unknown>): void {
      inFlight = true;
      void done.then(
        () => (inFlight = false),
        () => (inFlight = false),
      );
    },
  };
}
