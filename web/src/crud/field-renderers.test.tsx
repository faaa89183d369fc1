import { registry, topMenu, user } from '@sso/shared-api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback } from '../test/ui.testkit.js';
import { CrudDialog } from './crud-dialog.js';
import CrudPage from './crud-page.js';
import { registerFieldRenderer } from './field-renderers.js';

const userDef = user;
/** A screen's own inputs: one registered for a field of a resource, one passed to a form. */
const RegisteredInput = ({ id }: { id?: string }) => <output id={id}>registered</output>;
const PassedInput = ({ id }: { id?: string }) => <output id={id}>passed</output>;
const label = (field: string) => document.querySelector(`label[for="crud-dialog_${field}"]`) as HTMLElement;

describe('fields by their column type', { timeout: 60_000 }, () => {
  beforeEach(() => grant('topmenu_view', 'notice_view'));
  afterEach(() => vi.unstubAllGlobals());

  it('marks the fields the entity needs before anything is sent, and only those', async () => {
    fakeFetch({});
    renderWithFeedback(<CrudDialog def={userDef} mode="add" dicts={{}} onSubmit={async () => undefined} onClose={() => undefined} />);
    await screen.findByText('新增 · 用户管理');
    for (const field of ['account', 'name', 'realName', 'roleId', 'deptId']) {
      expect(label(field).classList.contains('ant-form-item-required'), field).toBe(true);
    }
    for (const field of ['code', 'email', 'postId', 'birthday', 'password']) {
      expect(label(field).classList.contains('ant-form-item-required'), field).toBe(false);
    }
  });

  it('types passwords into password inputs', async () => {
    fakeFetch({});
    renderWithFeedback(<CrudDialog def={userDef} mode="add" dicts={{}} onSubmit={async () => undefined} onClose={() => undefined} />);
    await screen.findByText('新增 · 用户管理');
    expect((document.getElementById('crud-dialog_password') as HTMLInputElement).type).toBe('password');
    expect((document.getElementById('crud-dialog_password2') as HTMLInputElement).type).toBe('password');
    expect((document.getElementById('crud-dialog_account') as HTMLInputElement).type).toBe('text');
  });

  it('shows a menu icon column as the icon, not its class name', async () => {
    fakeFetch({
      'GET /api/blade-system/topmenu/list': () =>
        page([{ id: '7', name: '工作台', code: 'desk', source: 'iconfont iconicon_setting', path: '/desk', sort: 1 }]),
    });
    renderWithFeedback(<CrudPage def={topMenu} />);
    const row = (await screen.findByText('工作台')).closest('tr') as HTMLElement;
    const cell = row.querySelector('[data-icon="iconfont iconicon_setting"]') as HTMLElement;
    expect(cell.querySelector('.anticon')).toBeTruthy();
    expect(within(row).queryByText('iconfont iconicon_setting')).toBeNull();
  });

  it('lets a screen give one field its own input, by registration or by the form', async () => {
    const paramDef = registry.system.param;
    registerFieldRenderer(registry.system.param, 'remark', { Input: RegisteredInput });
    const { unmount } = renderWithFeedback(
      <CrudDialog
        def={paramDef}
        mode="add"
        dicts={{}}
        renderers={{ paramValue: { Input: PassedInput } }}
        onSubmit={async () => undefined}
        onClose={() => undefined}
      />,
    );
    await screen.findByText('新增 · 参数管理');
    expect(document.getElementById('crud-dialog_remark')?.textContent).toBe('registered');
    expect(document.getElementById('crud-dialog_paramValue')?.textContent).toBe('passed');
    expect((document.getElementById('crud-dialog_paramName') as HTMLInputElement).tagName).toBe('INPUT');
    unmount();
  });

  it('names the notice type once in the notice search', async () => {
    fakeFetch({
      'GET /api/blade-desk/notice/list': () => page([]),
      'GET /api/blade-system/dict/dictionary': () => [],
    });
    renderWithFeedback(<CrudPage def={registry.desk.notice} />);
    const search = await waitFor(() => document.querySelector('form#crud-search') as HTMLFormElement);
    await waitFor(() => expect(within(search).getByLabelText('通知类型')).toBeTruthy());
    expect(within(search).getAllByText('通知类型')).toHaveLength(1);
  });
});
