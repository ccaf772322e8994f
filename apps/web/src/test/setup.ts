import { cleanup, configure } from '@testing-library/react';
import { analyticsRoutes } from '@zakupki/shared/api/analytics';
import { eisSyncRoutes } from '@zakupki/shared/api/eis-sync';
import { applyRussianValidationMessages } from '@zakupki/shared/validation-messages';
import { afterEach, beforeEach } from 'vitest';
import { resetStubs, stubRoute, verifyStubs } from './stub-api';

// findBy*/waitFor wait up to 5 s: lazy routes load slowly when the two cores are busy (CI runs
// the server suite beside these tests); a failing expectation still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// as main.tsx does
applyRussianValidationMessages();

// Browser APIs Mantine relies on that happy-dom does not provide.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// Mantine's autosizing Textarea listens to `document.fonts`.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// every test talks to stubbed routes only (stub-api.ts)
beforeEach(() => {
  resetStubs();
  // the red flags every contract and procurement card shows (components/red-flags): none, unless
  // a test stubs them itself (the last stub of a route answers)
  stubRoute(analyticsRoutes.flags, { rules: [], items: [] });
  // the EIS confirmation marks of the registers (components/badges/eis-confirmation-badge): none
  stubRoute(eisSyncRoutes.confirmations, { items: [] });
});

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0].trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test cleanup of the session cookies
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
  localStorage.clear();
  verifyStubs();
});
