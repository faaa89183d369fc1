import { expect, it } from 'vitest';
import { keptSelectors } from './selector-cache.testkit.js';

// More distinct selectors than the engine's own cache holds (1000), as antd puts in a page.
const RULES = 1500;

it('keeps every selector of the style sheets compiled, past the engine cache of 1000', () => {
  const style = document.createElement('style');
  style.textContent = Array.from({ length: RULES }, (_, n) => `.rule-${n} > span { color: red }`).join('\n');
  document.head.append(style);
  const element = document.createElement('div');
  element.className = 'rule-7';
  element.append(document.createElement('span'));
  document.body.append(element);
  // The cascade still answers as before: the one matching rule of 1500 applies.
  expect(window.getComputedStyle(element.firstElementChild as Element).color).toBe('rgb(255, 0, 0)');
  expect(window.getComputedStyle(element).color).not.toBe('rgb(255, 0, 0)');
  const kept = keptSelectors(document);
  expect(kept).toBeDefined();
  expect([...(kept?.keys() ?? [])].filter((selector) => String(selector).startsWith('.rule-')).length).toBe(RULES);
  style.remove();
  element.remove();
});
