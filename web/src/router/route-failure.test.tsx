import { render, screen } from '@testing-library/react';
import { isValidElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RouteFailure } from './route-failure.js';
import { routes } from './router.js';

function Broken({ message }: { message: string }): never {
  throw new Error(message);
}

const renderFailing = (message: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/', element: <Broken message={message} />, errorElement: <RouteFailure /> }], {
        initialEntries: ['/'],
      })}
    />,
  );

describe("the router's error element", () => {
  it('is drawn from the entry itself, never a lazily loaded page (a redeploy removes the old chunks)', () => {
    const element = routes[0]?.errorElement;
    expect(isValidElement(element) && element.type).toBe(RouteFailure);
  });

  it('offers a reload when a page chunk could not be fetched', async () => {
    renderFailing('Failed to fetch dynamically imported module: /assets/wx-menu-screen-abc123.js');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新加载|Reload/ })).toBeTruthy();
  });

  it('shows the error page for any other failure', async () => {
    renderFailing('boom');
    expect(await screen.findByText('500')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
