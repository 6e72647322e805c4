import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Screens load lazily and the full suite runs files in parallel: on a busy 2-core machine a first render can
// take longer than Testing Library's default 1 s wait. Only an upper bound: a passing wait ends at once.
configure({ asyncUtilTimeout: 8000 });

// Testing Library only unmounts between tests by itself when vitest globals are on; they are off here.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.location.hash = '';
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
