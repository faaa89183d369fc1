import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registry } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the web package's scripts, without types
import { pageSize } from '../../web/scripts/bundle-size.mjs';
import { webDir } from '../e2e/browser.testkit.js';

const built = existsSync(join(webDir, '.vite', 'manifest.json'));

/** Issue budget: the sign-in page loads at most 350 KB of gzipped JavaScript (the admin screens and charts load later, on demand). */
describe.skipIf(!built && !process.env.CI)('the built web app', () => {
  it('loads at most 350 KB of gzipped JavaScript for the sign-in page', () => {
    const { kb, files } = pageSize('src/pages/login/login-page.tsx', webDir) as { kb: number; files: string[] };
    expect(files.length).toBeGreaterThan(1);
    expect(kb).toBeLessThanOrEqual(350);
  });

  it("carries React's production build, not the development one that mounts every page twice", () => {
    const { files } = pageSize('src/pages/login/login-page.tsx', webDir) as { files: string[] };
    const code = files.map((file) => readFileSync(join(webDir, file), 'utf8')).join('\n');
    // Markers of React 19's two builds: errors by number in production, owner stacks in development.
    expect(code).toContain('Minified React error');
    expect(code).not.toContain('react_stack_bottom_frame');
  });

  it('keeps the admin screens and charts out of the sign-in page', () => {
    const { files } = pageSize('src/pages/login/login-page.tsx', webDir) as { files: string[] };
    expect(files.filter((file) => /crud-page|admin-layout|wel-page|echarts|user-screen/.test(file))).toEqual([]);
  });

  it('keeps the resource registry out of the sign-in page (only the SDK sign-in part loads with it)', () => {
    const { files } = pageSize('src/pages/login/login-page.tsx', webDir) as { files: string[] };
    const code = files.map((file) => readFileSync(join(webDir, file), 'utf8')).join('\n');
    // Every service of the registry but blade-system, whose public tenant and provider lists the page asks for.
    const services = new Set(Object.values(registry).flatMap((group) => Object.values(group).map((def) => def.service)));
    services.delete('blade-system');
    expect(services.size).toBeGreaterThan(3);
    const quoted = (service: string) => ['"', "'", '`'].some((quote) => code.includes(`${quote}${service}${quote}`));
    expect([...services].filter(quoted)).toEqual([]);
  });
});
