import { act, cleanup, configure } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach } from 'vitest';
import { FeedbackBridge } from '../api/feedback-bridge.js';
import '../i18n/index.js';
import { loadResources } from '../api/client.js';
import { keepCompiledSelectors } from './selector-cache.testkit.js';

// findBy… and waitFor give up after one second by default: a render of antd in jsdom can take
// longer than that when the whole suite's projects share two cores, and a condition that would
// have held a moment later then fails the test. They still return as soon as it holds.
configure({ asyncUtilTimeout: 30_000 });

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

// Toasts and confirms of code outside components (`feedback`) go to an antd App of the file's own,
// mounted here for the whole file, never to antd's static holders: those live in React roots
// nobody unmounts, with timers of their own (a toast closes after 3 s), and a render of theirs
// after the file (when the worker has moved on to a file without a DOM) throws "window is not
// defined". Unmounting this root at the end clears every toast's timers with it.
const feedbackHost = document.createElement('div');
document.body.appendChild(feedbackHost);
const feedbackRoot = createRoot(feedbackHost);
await act(async () => feedbackRoot.render(createElement(AntApp, null, createElement(FeedbackBridge))));
afterAll(async () => {
  await act(async () => feedbackRoot.unmount());
  feedbackHost.remove();
});
