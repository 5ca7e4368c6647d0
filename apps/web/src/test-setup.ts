import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Route components load lazily (code splitting); on a busy machine the first transform of a chunk can take
// longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// Testing Library only unmounts automatically with vitest globals, which we keep off.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
