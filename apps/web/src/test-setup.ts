import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installCanvasStub } from './test/canvas-stub.ts';
import { setTestCookie } from './test/cookies.ts';

// Charts draw on a canvas, which jsdom lacks (see the stub).
installCanvasStub();

// Route components load lazily (code splitting); on a busy machine the first transform of a chunk can take
// longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// Testing Library only unmounts automatically with vitest globals, which we keep off.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The selected space and other cookies must not leak from one test into the next.
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) setTestCookie(`${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`);
  }
});
