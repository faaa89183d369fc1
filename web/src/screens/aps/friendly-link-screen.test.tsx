import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback } from '../../test/ui.testkit.js';
import FriendlyLinkScreen from './friendly-link-screen.js';

const links = [
  { id: '1', linkName: '集团官网', linkUrl: 'https://steel.example.com/', icon: 'https://oss.example.com/logo.png', sort: 1, status: 1 },
  { id: '2', linkName: '旧系统', linkUrl: 'javascript:alert(1)', icon: '', sort: 2, status: 1 },
];

describe('the friendly link screen', () => {
  beforeEach(() => grant('friendlylink'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each link with its icon and its address as a link that opens in a new tab', async () => {
    fakeFetch({ 'GET /api/blade-portal/friendlylink/list': () => page(links) });
    renderWithFeedback(<FriendlyLinkScreen menu={{ id: '1', code: 'friendlylink', name: '友情链接', rawPath: '/portal/friendlylink' }} />);
    const anchor = (await screen.findByText('https://steel.example.com/', {}, { timeout: 20_000 })).closest('a') as HTMLAnchorElement;
    expect(anchor.getAttribute('href')).toBe('https://steel.example.com/');
    expect(anchor.getAttribute('target')).toBe('_blank');
    expect(anchor.getAttribute('rel')).toContain('noopener');
    await waitFor(() => expect(document.querySelector('img[src="https://oss.example.com/logo.png"]')).not.toBeNull());
    // Not a web address: text, never a link.
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
  }, 120_000);
});
