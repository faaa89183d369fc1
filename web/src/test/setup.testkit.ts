import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../i18n/index.js';
import { loadResources } from '../api/client.js';
import { keepCompiledSelectors } from './selector-cache.testkit.js';

// Components under test run as signed-in pages do: with the SDK's resource namespaces attached.
await loadResources();

// What antd needs from a browser and jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!(window as { ResizeObserver?: unknown }).ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
// antd measures scrollbars through getComputedStyle with a pseudo element, which jsdom does not implement.
const computed = window.getComputedStyle;
window.getComputedStyle = (element: Element) => computed(element);
keepCompiledSelectors(document);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
