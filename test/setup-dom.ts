import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` wait for what they look for; on a busy machine a lazily loaded part can
// take more than Testing Library's default second to come. The event ends the wait at once.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
