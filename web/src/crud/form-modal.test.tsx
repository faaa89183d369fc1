import { registry } from '@sso/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../test/fake-fetch.testkit.js';
import { buttonIn, grant, renderWithFeedback } from '../test/ui.testkit.js';
import CrudPage from './crud-page.js';
import { FormModal } from './form-modal.js';

const paramDef = registry.system.param;
const openDialog = () => document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal') as HTMLElement | null;

/** A dialog with one required field whose save is the test's. */
function Harness({ onSubmit }: { onSubmit: (values: { name: string }) => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span data-testid="state">{open ? 'open' : 'closed'}</span>
      <FormModal<{ name: string }> open={open} title="名称" name="harness" onSubmit={onSubmit} onClose={() => setOpen(false)}>
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入名称' }]}>
          <Input />
        </Form.Item>
      </FormModal>
    </>
  );
}

describe('the form dialog', { timeout: 60_000 }, () => {
  beforeEach(() => grant('param_add', 'param_edit', 'param_view'));
  afterEach(() => vi.unstubAllGlobals());

  it('checks the fields first, loads while saving, then closes', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    renderWithFeedback(<Harness onSubmit={onSubmit} />);
    const dialog = (await screen.findByText('名称', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    await user.click(buttonIn(dialog, '提交'));
    expect(await within(dialog).findByText('请输入名称')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // Enter in the text field sends the form, as OK does.
    await user.type(document.getElementById('harness_name') as HTMLInputElement, '张三{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '张三' }));
    await waitFor(() => expect(buttonIn(dialog, '提交').classList.contains('ant-btn-loading')).toBe(true));
    expect(screen.getByTestId('state').textContent).toBe('open');
    finish();
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
  });

  it("shows the server's message and keeps the dialog open as typed when the save fails", async () => {
    const calls = fakeFetch({
      'GET /api/blade-system/param/list': () => page([]),
      'POST /api/blade-system/param/submit': () => ({
        status: 400,
        body: { code: 400, success: false, data: null, msg: '参数键名已存在' },
      }),
    });
    const user = userEvent.setup();
    renderWithFeedback(<CrudPage def={paramDef} />);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/list'))).toBe(true));
    await user.click(buttonIn(document.body, '新增'));
    const dialog = await waitFor(() => {
      const el = openDialog();
      if (!el) throw new Error('no dialog');
      return el;
    });
    await user.click(document.getElementById('crud-dialog_paramName') as HTMLInputElement);
    await user.paste('名称');
    await user.click(document.getElementById('crud-dialog_paramKey') as HTMLInputElement);
    await user.paste('key.same');
    await user.click(document.getElementById('crud-dialog_paramValue') as HTMLInputElement);
    await user.paste('v');
    await user.click(buttonIn(dialog, '提交'));
    expect(await screen.findByText('参数键名已存在')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/submit'))).toHaveLength(1);
    await waitFor(() => expect(buttonIn(dialog, '提交').classList.contains('ant-btn-loading')).toBe(false));
    expect(openDialog()).toBe(dialog);
    expect((document.getElementById('crud-dialog_paramKey') as HTMLInputElement).value).toBe('key.same');
  });
});
