import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { App, TITLE } from './app.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
const currentLine = (frame = '') => frame.split('\n').find((line) => line.includes('❯')) ?? '';

describe('App', () => {
  it('shows the title and the resource menu, and moves with the arrow keys', async () => {
    const { lastFrame, stdin, unmount } = render(<App />);
    expect(lastFrame()).toContain(TITLE);
    expect(lastFrame()).toContain('参数管理');
    expect(currentLine(lastFrame())).toContain('参数管理');

    await tick();
    stdin.write('\u001B[B');
    await tick();
    expect(currentLine(lastFrame())).toContain('系统字典');

    stdin.write('\u001B[A');
    await tick();
    expect(currentLine(lastFrame())).toContain('参数管理');
    unmount();
  });
});
