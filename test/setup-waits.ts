import { vi } from 'vitest';

// Waiting for an event is never a measure of speed: on a machine busy with other work, what a
// test waits for can take seconds to come. `vi.waitFor` gives up after 10 s unless the test
// says otherwise (its own default is 1 s); the event still ends the wait the moment it happens.
const waitFor = vi.waitFor;
vi.waitFor = ((callback: Parameters<typeof waitFor>[0], options?: Parameters<typeof waitFor>[1]) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: 10_000, ...options })) as typeof waitFor;
