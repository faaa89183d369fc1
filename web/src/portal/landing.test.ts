import type { MenuNode } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { holdsAdminMenu, landingPath } from './landing.js';

const node = (path: string, children: MenuNode[] = []) => ({ id: path, path, children }) as unknown as MenuNode;

describe('where a sign-in lands', () => {
  it('sends staff with no admin menu to the portal and admins to the dashboard', () => {
    expect(landingPath([], '/wel')).toBe('/home/index');
    expect(landingPath(undefined, '/wel')).toBe('/home/index');
    expect(landingPath([node('/home/index')], '/wel')).toBe('/home/index');
    expect(landingPath([node('/system', [node('/system/user')])], '/wel')).toBe('/wel');
  });

  it('finds an admin screen below a group without a path', () => {
    expect(holdsAdminMenu([node('', [node('/aps/app')])])).toBe(true);
    expect(holdsAdminMenu([node('', [])])).toBe(false);
  });
});
