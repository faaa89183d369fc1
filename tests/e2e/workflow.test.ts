import type { TestServer } from '@sso/server/testing';
import { md5, registry, resourceClient } from '@sso/shared-api';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, runnable, useBrowserSuite } from './browser.testkit.js';
import { LEAVE_E2E_KEY, LEAVE_E2E_XML, SCRIPT_XML } from './leave-bpmn.testkit.js';
import {
  button,
  chineseUiTextUnder,
  openedDialog,
  openedOptions,
  openedPopover,
  scrollsSideways,
  settled,
  step,
  toast,
} from './steps.testkit.js';

const ADMIN_PASSWORD = 'Flow@2024!';
const PASSWORD = 'Staff@2024!';
const STAFF = 'fl_staff';
const LEADER = 'fl_leader';
const HR = 'fl_hr';
const DESKTOP = { width: 1366, height: 820 };
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 30_000 };

let server: TestServer;
let browser: Browser;
let admin: Page;
const pageErrors: string[] = [];

if (!runnable) console.warn(`browser suite skipped: no chromium at ${CHROMIUM}`);
useBrowserSuite({ adminPassword: ADMIN_PASSWORD, viewport: DESKTOP }, (suite) => {
  ({ server, browser, page: admin } = suite);
  suite.page.on('pageerror', (error) => pageErrors.push(`admin: ${error.message}`));
});

/**
 * The people of the story, made through the API: a staff member and their leader holding the
 * 我的事务 menus, and an HR member holding the 人事 role (alias `hr`, the candidates of the HR
 * step) the platform seeds with the leave process, as shipped. The approver
 * is chosen in the leave form from the tenant's user list (`blade-user/user-list`), which needs no menu.
 */
beforeAll(async () => {
  if (!runnable) return;
  const api = await server.client();
  await api.login({ username: 'admin', password: ADMIN_PASSWORD });
  const db = server.ctx.db;
  const dept = api.session?.token.dept_id ?? '';
  const role = async (alias: string, codes: (code: string) => boolean) => {
    await api.system.role.submit({ roleName: alias, roleAlias: alias, parentId: '0', sort: 1 });
    const { id } = await db.selectFrom('blade_role').select('id').where('roleAlias', '=', alias).executeTakeFirstOrThrow();
    const menus = (await db.selectFrom('blade_menu').select(['id', 'code']).execute()).filter((menu) => codes(menu.code));
    if (menus.length) {
      await db
        .insertInto('blade_role_menu')
        .values(menus.map((menu) => ({ id: server.ctx.ids.next(), roleId: id, menuId: menu.id })))
        .execute();
    }
    return id;
  };
  const work = (code: string) => code === 'work' || code.startsWith('work_');
  const staffRole = await role('flow_staff_role', work);
  const { id: hrRole } = await db.selectFrom('blade_role').select('id').where('roleAlias', '=', 'hr').executeTakeFirstOrThrow();
  server.ctx.cache.invalidate('blade_role_menu');
  server.ctx.permissions.clear();
  const user = async (account: string, realName: string, roleId: string) => {
    await api.user.user.submit({ account, name: account, realName, userType: 1, sex: 1, roleId, deptId: dept });
    const password = await server.ctx.passwords.hashDigest(md5(PASSWORD));
    await db.updateTable('blade_user').set({ password, mustChangePassword: 0 }).where('account', '=', account).execute();
  };
  await user(STAFF, 'Zhang San', staffRole);
  await user(LEADER, 'Li Leader', staffRole);
  await user(HR, 'Wang HR', hrRole);
});

/** A signed-in page of its own (a browser context per person), on the dashboard. */
async function signIn(account: string, password: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${account}: ${error.message}`));
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await button(page, '登录').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), WAIT);
  return page;
}

/** Opens a menu screen by its address and waits for its card. */
async function openScreen(page: Page, path: string, screen: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator(`[data-screen="${screen}"]`).first().waitFor(WAIT);
}

/** Types a date and time into an antd DatePicker and confirms it. */
async function pickDateTime(page: Page, id: string, value: string): Promise<void> {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(value);
}

/** Switches the console's language through the top bar. */
async function language(page: Page, name: 'English' | '中文'): Promise<void> {
  await page.evaluate((lng) => localStorage.setItem('sso-language', lng), name === 'English' ? 'en' : 'zh-CN');
  await page.reload();
}

let staff: Page;
let leader: Page;
let detailPath = '';

describe.skipIf(!runnable)('workflow: a model from the designer, a leave applied for, approved and followed', () => {
  it('the administrator imports a model, edits it in the designer, sees a refusal, saves and deploys it', async () => {
    await step(admin, 'workflow-01-designer', async () => {
      await admin.goto(`${server.baseUrl}/login`);
      await admin.getByLabel('账号').fill('admin');
      await admin.getByLabel('密码').fill(ADMIN_PASSWORD);
      await button(admin, '登录').click();
      await admin.waitForURL('**/wel/index', WAIT);
      await openScreen(admin, '/flow/model/index', 'flow-model');
      await admin.locator('[data-screen="flow-model"] input[type=file]').setInputFiles({
        name: `${LEAVE_E2E_KEY}.bpmn20.xml`,
        mimeType: 'application/xml',
        buffer: Buffer.from(LEAVE_E2E_XML),
      });
      const designer = await openedDialog(admin, '新建流程模型');
      await expect.poll(() => designer.locator('#flow-model_modelKey').inputValue()).toBe(LEAVE_E2E_KEY);
      expect(await designer.locator('#flow-model_name').inputValue()).toBe('Leave (designer)');
      // The leader's step: its assignee, as the file says, in the panel's 人员分配 group.
      await designer.locator('[data-element-id="approverTask"]').first().click();
      const panel = designer.getByTestId('bpmn-properties');
      await panel.getByText('人员分配').click();
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the expression as the model holds it
      await expect.poll(() => panel.locator('#bio-properties-panel-assignee').inputValue()).toBe('${taskUser}');
      // HR's step: its candidates typed in the panel (the file leaves them empty).
      await designer.locator('[data-element-id="hrTask"]').first().click();
      await panel.locator('.bio-properties-panel-header-label', { hasText: 'HR approves' }).waitFor();
      const candidates = panel.locator('#bio-properties-panel-candidateGroups');
      if (!(await candidates.isVisible())) await panel.getByText('人员分配').click();
      const before = Number(await designer.getByTestId('bpmn-modeler').getAttribute('data-edits'));
      await candidates.fill('hr');
      await expect.poll(async () => Number(await designer.getByTestId('bpmn-modeler').getAttribute('data-edits'))).toBeGreaterThan(before);
      // The palette and the panel speak Chinese.
      await designer.locator('.djs-palette [aria-label="任务"]').waitFor();
      await designer.locator('#flow-model_category').click();
      await (await openedOptions(admin)).getByText('请假流程').click();
      await designer.getByTestId('save-model').click();
      await toast(admin, '模型已保存');
    });
    // The server stored what the panel wrote.
    const api = await server.client();
    await api.login({ username: 'admin', password: ADMIN_PASSWORD });
    const models = resourceClient(api, registry.flow.model);
    const [stored] = (await models.list({ modelKey: LEAVE_E2E_KEY })).records;
    expect(stored).toMatchObject({ modelKey: LEAVE_E2E_KEY, name: 'Leave (designer)', category: 'flow_1' });
    expect((await models.detail({ id: stored?.id ?? '' })).xml).toMatch(/candidateGroups="hr"/);

    await step(admin, 'workflow-02-refused-script', async () => {
      await admin
        .getByRole('button', { name: /关\s*闭/ })
        .last()
        .click();
      await admin.locator('[data-testid="model-designer"]').waitFor({ state: 'hidden' });
      await admin.locator('[data-screen="flow-model"] input[type=file]').setInputFiles({
        name: 'scripted.bpmn',
        mimeType: 'application/xml',
        buffer: Buffer.from(SCRIPT_XML),
      });
      const designer = await openedDialog(admin, '新建流程模型');
      await designer.locator('[data-element-id="run"]').first().waitFor();
      await designer.getByTestId('save-model').click();
      await designer.getByTestId('model-refusal').filter({ hasText: '脚本' }).waitFor(WAIT);
      await designer
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /关\s*闭/ })
        .click();
      await designer.waitFor({ state: 'hidden' });
      expect((await models.list({ modelKey: 'scripted' })).total).toBe(0);
    });

    await step(admin, 'workflow-02b-drawn', async () => {
      await admin.getByTestId('new-model').click();
      const designer = await openedDialog(admin, '新建流程模型');
      await designer.locator('#flow-model_modelKey').fill('drawn_e2e');
      await designer.locator('#flow-model_name').fill('Drawn in the designer');
      // Drawn: a task appended to the start event from its context pad.
      await designer.locator('[data-element-id="StartEvent_1"]').first().click();
      const edits = Number(await designer.getByTestId('bpmn-modeler').getAttribute('data-edits'));
      await settled(designer.locator('.djs-context-pad [data-action="append.append-task"]')).then((entry) => entry.click());
      await expect.poll(async () => Number(await designer.getByTestId('bpmn-modeler').getAttribute('data-edits'))).toBeGreaterThan(edits);
      await designer.getByTestId('save-model').click();
      await toast(admin, '模型已保存');
      // Saved, the dialog is titled after the model: found by its test id from here.
      const saved = admin.getByTestId('model-designer');
      await saved.locator('.ant-modal-title', { hasText: 'Drawn in the designer' }).waitFor();
      await saved
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /关\s*闭/ })
        .click();
      await saved.waitFor({ state: 'hidden' });
      const [drawn] = (await models.list({ modelKey: 'drawn_e2e' })).records;
      const xml = (await models.detail({ id: drawn?.id ?? '' })).xml;
      expect(xml).toMatch(/<bpmn:process id="drawn_e2e" name="Drawn in the designer"/);
      expect(xml).toMatch(/<bpmn:task id="[^"]+"/);
    });

    await step(admin, 'workflow-03-deployed', async () => {
      const row = admin.locator(`[data-testid="model-row"][data-key="${LEAVE_E2E_KEY}"]`);
      await row.waitFor(WAIT);
      await row.getByTestId('deploy-model').click();
      const dialog = await openedDialog(admin, '部署模型：Leave (designer)');
      await dialog.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: '请假流程' }).first().waitFor();
      await dialog.locator('.ant-btn-primary').click();
      await toast(admin, /已部署/);
      await openScreen(admin, '/flow/manager/index', 'flow-manager');
      const definition = admin.locator(`[data-testid="definition-row"][data-key="${LEAVE_E2E_KEY}"]`);
      await definition.filter({ hasText: 'v1' }).filter({ hasText: '激活' }).waitFor(WAIT);
    });
  });

  it('the administrator uploads a process file, suspends and activates its definition', async () => {
    await step(admin, 'workflow-03b-upload', async () => {
      await openScreen(admin, '/flow/deploy/index', 'flow-deploy');
      await admin.locator('#flow-deploy_category').click();
      await (await openedOptions(admin)).getByText('请假流程').click();
      await admin.locator('[data-screen="flow-deploy"] input[type=file]').setInputFiles({
        name: 'uploaded.bpmn20.xml',
        mimeType: 'application/xml',
        buffer: Buffer.from(LEAVE_E2E_XML.replaceAll(LEAVE_E2E_KEY, 'uploaded_e2e').replace('Leave (designer)', 'Uploaded leave')),
      });
      await admin.getByText('uploaded.bpmn20.xml').waitFor();
      await admin.getByTestId('deploy-upload').click();
      await toast(admin, /已部署/);
      await admin.getByTestId('deployed-list').getByText('Uploaded leave (uploaded_e2e)').waitFor(WAIT);
    });
    await step(admin, 'workflow-03c-suspended', async () => {
      await openScreen(admin, '/flow/manager/index', 'flow-manager');
      const row = admin.locator('[data-testid="definition-row"][data-key="uploaded_e2e"]');
      await row.getByTestId('change-state').click();
      await (await openedDialog(admin, /确定挂起流程定义 Uploaded leave v1/)).locator('.ant-btn-primary').click();
      await toast(admin, '状态已变更');
      await row.filter({ hasText: '挂起' }).waitFor(WAIT);
      await row.getByTestId('change-state').click();
      await (await openedDialog(admin, /确定激活流程定义 Uploaded leave v1/)).locator('.ant-btn-primary').click();
      await row.filter({ hasText: '激活' }).waitFor(WAIT);
    });
  });

  it('a staff member applies for leave from the form route', async () => {
    staff = await signIn(STAFF, PASSWORD);
    await step(staff, 'workflow-04-leave-form', async () => {
      await openScreen(staff, '/work/start/index', 'work-start');
      await staff.locator(`[data-testid="start-row"][data-key="${LEAVE_E2E_KEY}"]`).getByTestId('start-process').click();
      await staff.waitForURL('**/work/process/leave/form/**', WAIT);
      await staff.locator('[data-screen="leave-form"]').waitFor();
      await staff.locator('#leave-form_taskUser').click();
      await staff.locator('#leave-form_taskUser').fill(LEADER);
      await (await openedOptions(staff)).getByText('Li Leader').click();
      await pickDateTime(staff, 'leave-form_startTime', '2026-12-01 09:00');
      await pickDateTime(staff, 'leave-form_endTime', '2026-12-02 18:00');
      await expect.poll(async () => Number(await staff.locator('#leave-form_days').inputValue())).toBe(2);
      await staff.locator('#leave-form_reason').fill('Family visit');
      await staff.getByTestId('submit-leave').click();
      await toast(staff, '请假申请已提交');
      await staff.waitForURL('**/work/send/index', WAIT);
      await staff.locator('[data-testid="send-row"]').filter({ hasText: 'Leader approves' }).waitFor(WAIT);
    });
  });

  it('the leader approves from the handle route', async () => {
    leader = await signIn(LEADER, PASSWORD);
    await step(leader, 'workflow-05a-landing', async () => {
      // The landing page counts the leader's open task and opens the to-do list.
      await leader.goto(`${server.baseUrl}/wel/index`);
      const todo = leader.getByTestId('landing-tasks-todo');
      await todo.locator('.ant-statistic-content-value').filter({ hasText: /^1$/ }).waitFor(WAIT);
      await todo.click();
      await leader.waitForURL('**/work/todo/index', WAIT);
      // The bell lists it too, and opens the to-do list from it.
      await leader.goto(`${server.baseUrl}/wel/index`);
      await leader.getByTestId('top-bar-bell').click();
      const bell = await openedPopover(leader);
      await bell.getByRole('tab', { name: '流程待办(1)' }).click();
      await bell.getByTestId('bell-task').filter({ hasText: 'Leader approves' }).click();
      await leader.waitForURL('**/work/todo/index', WAIT);
    });
    await step(leader, 'workflow-05-handle', async () => {
      await openScreen(leader, '/work/todo/index', 'work-todo');
      const row = leader.locator('[data-testid="todo-row"]').filter({ hasText: 'Leader approves' });
      await row.getByTestId('handle-task').click();
      await leader.waitForURL('**/work/process/leave/handle/**', WAIT);
      await leader.getByTestId('leave-summary').getByText('Family visit').waitFor(WAIT);
      await leader.getByTestId('leave-summary').getByText('Zhang San').waitFor();
      await leader.getByTestId('handle-comment').fill('Approved, hand over first');
      await leader.locator('[data-testid="bpmn-viewer"][data-ready="true"]').waitFor(WAIT);
    });
    await step(leader, 'workflow-05b-approved', async () => {
      await leader.getByTestId('approve').click();
      await toast(leader, '已办理');
      await leader.waitForURL('**/work/todo/index', WAIT);
      await leader
        .locator('[data-testid="todo-row"]')
        .filter({ hasText: 'Leader approves' })
        .waitFor({ state: 'detached', ...WAIT });
    });
  });

  it('the detail route shows the history and the diagram with the path taken and HR current', async () => {
    await step(staff, 'workflow-06-detail-zh-desktop', async () => {
      await openScreen(staff, '/work/send/index', 'work-send');
      await staff.locator('[data-testid="send-row"]').filter({ hasText: 'HR approves' }).getByTestId('task-detail').click();
      await staff.waitForURL('**/work/process/leave/detail/**', WAIT);
      detailPath = new URL(staff.url()).pathname;
      const viewer = staff.locator('[data-testid="bpmn-viewer"][data-ready="true"]');
      await viewer.waitFor(WAIT);
      const done = ((await viewer.getAttribute('data-done')) ?? '').split(',');
      const current = ((await viewer.getAttribute('data-current')) ?? '').split(',');
      expect(done).toEqual(
        expect.arrayContaining(['start', 'approverTask', 'approverGateway', 'toApprover', 'approverDecides', 'approverPass']),
      );
      expect(done).not.toContain('approverReject');
      expect(current).toEqual(['hrTask']);
      // Drawn: the open task's outline in the current colour.
      const outline = staff.locator('[data-element-id="hrTask"] .djs-visual > :first-child').first();
      expect(await outline.evaluate((el) => (el as SVGElement).style.stroke)).toBe('rgb(250, 140, 22)');
      const history = staff.getByTestId('flow-history');
      await history.getByText('Approved, hand over first').waitFor();
      await history.getByText('Li Leader').waitFor();
      await staff.getByTestId('leave-status').filter({ hasText: '审批中' }).waitFor();
      await viewer.scrollIntoViewIfNeeded();
    });
    await step(staff, 'workflow-07-detail-en-desktop', async () => {
      await language(staff, 'English');
      await staff.locator('[data-testid="bpmn-viewer"][data-ready="true"]').waitFor(WAIT);
      await staff.getByTestId('leave-status').filter({ hasText: 'In approval' }).waitFor();
      await staff.getByText('Process history').waitFor();
      expect(await chineseUiTextUnder(staff, '[data-screen="leave-detail"]', '.sso-data, .djs-container')).toEqual([]);
    });
    await step(staff, 'workflow-08-detail-en-phone', async () => {
      await staff.setViewportSize(PHONE);
      await staff.locator('[data-testid="bpmn-viewer"][data-ready="true"]').waitFor(WAIT);
      expect(await scrollsSideways(staff)).toBe(false);
      await staff.getByTestId('bpmn-viewer').scrollIntoViewIfNeeded();
    });
    await step(staff, 'workflow-09-detail-zh-phone', async () => {
      await language(staff, '中文');
      await staff.locator('[data-testid="bpmn-viewer"][data-ready="true"]').waitFor(WAIT);
      await staff.getByText('流程信息').waitFor();
      expect(await scrollsSideways(staff)).toBe(false);
    });
  });

  it('HR claims the request, approves it, and the request ends approved', async () => {
    const hr = await signIn(HR, PASSWORD);
    await step(hr, 'workflow-09b-claim', async () => {
      await openScreen(hr, '/work/claim/index', 'work-claim');
      await hr.locator('[data-testid="claim-row"]').filter({ hasText: 'HR approves' }).getByTestId('claim-task').click();
      const dialog = await openedDialog(hr, /HR approves/);
      await dialog.locator('.ant-btn-primary').click();
      await toast(hr, '已签收，可在待办事务中办理');
      await hr
        .locator('[data-testid="claim-row"]')
        .filter({ hasText: 'HR approves' })
        .waitFor({ state: 'detached', ...WAIT });
      await openScreen(hr, '/work/todo/index', 'work-todo');
      await hr.locator('[data-testid="todo-row"]').filter({ hasText: 'HR approves' }).getByTestId('handle-task').click();
      await hr.waitForURL('**/work/process/leave/handle/**', WAIT);
      await hr.getByTestId('handle-comment').fill('Recorded');
      await hr.getByTestId('approve').click();
      await toast(hr, '已办理');
      await hr.waitForURL('**/work/todo/index', WAIT);
    });
    await step(staff, 'workflow-09c-approved-detail', async () => {
      await staff.goto(`${server.baseUrl}${detailPath}`);
      const viewer = staff.locator('[data-testid="bpmn-viewer"][data-ready="true"]');
      await viewer.waitFor(WAIT);
      await staff.getByTestId('leave-status').filter({ hasText: '已通过' }).waitFor(WAIT);
      expect(await viewer.getAttribute('data-current')).toBe('');
      expect(((await viewer.getAttribute('data-done')) ?? '').split(',')).toEqual(expect.arrayContaining(['hrTask', 'hrPass', 'end']));
      await staff.getByTestId('flow-history').getByText('Recorded').waitFor();
      await viewer.scrollIntoViewIfNeeded();
    });
    await hr.context().close();
  });

  it('the lists and the designer on a phone and in English', async () => {
    await step(staff, 'workflow-10-send-zh-phone', async () => {
      await openScreen(staff, '/work/send/index', 'work-send');
      await staff.locator('[data-testid="send-row"]').first().waitFor(WAIT);
      expect(await scrollsSideways(staff)).toBe(false);
    });
    await step(staff, 'workflow-11-start-en-phone', async () => {
      await language(staff, 'English');
      await openScreen(staff, '/work/start/index', 'work-start');
      await staff.locator(`[data-testid="start-row"][data-key="${LEAVE_E2E_KEY}"]`).waitFor(WAIT);
      expect(await scrollsSideways(staff)).toBe(false);
      expect(await chineseUiTextUnder(staff, '[data-screen="work-start"]', '.sso-data')).toEqual([]);
    });
    await step(staff, 'workflow-12-form-en-phone', async () => {
      await staff.locator(`[data-testid="start-row"][data-key="${LEAVE_E2E_KEY}"]`).getByTestId('start-process').click();
      await staff.locator('[data-screen="leave-form"]').waitFor(WAIT);
      await settled(staff.locator('[data-screen="leave-form"]'));
      expect(await scrollsSideways(staff)).toBe(false);
      expect(await chineseUiTextUnder(staff, '[data-screen="leave-form"]', '.sso-data')).toEqual([]);
    });
    await step(admin, 'workflow-13-designer-en-desktop', async () => {
      await language(admin, 'English');
      await openScreen(admin, '/flow/model/index', 'flow-model');
      const row = admin.locator(`[data-testid="model-row"][data-key="${LEAVE_E2E_KEY}"]`);
      await row.getByTestId('design-model').click();
      const designer = await openedDialog(admin, 'Design: Leave (designer)');
      await designer.locator('[data-element-id="hrTask"]').first().click();
      const panel = designer.getByTestId('bpmn-properties');
      await panel.locator('.bio-properties-panel-header-label', { hasText: 'HR approves' }).waitFor();
      if (!(await panel.locator('#bio-properties-panel-candidateGroups').isVisible())) await panel.getByText('User assignment').click();
      await expect.poll(() => panel.locator('#bio-properties-panel-candidateGroups').inputValue()).toBe('hr');
      expect(await chineseUiTextUnder(admin, '[data-testid="model-designer"]', '.sso-data, .djs-container, input')).toEqual([]);
    });
    await step(admin, 'workflow-14-designer-en-phone', async () => {
      await admin.setViewportSize(PHONE);
      await admin.getByTestId('bpmn-modeler').waitFor();
      expect(await scrollsSideways(admin)).toBe(false);
    });
    await admin.setViewportSize(DESKTOP);
    await step(admin, 'workflow-15-manager-en-desktop', async () => {
      await admin.keyboard.press('Escape');
      await openScreen(admin, '/flow/manager/index', 'flow-manager');
      await admin.locator(`[data-testid="definition-row"][data-key="${LEAVE_E2E_KEY}"]`).filter({ hasText: 'Active' }).waitFor(WAIT);
      expect(await chineseUiTextUnder(admin, '[data-screen="flow-manager"]', '.sso-data')).toEqual([]);
    });
    // A second request, applied for through the API, for the follow screen.
    const api = await server.client();
    await api.login({ username: STAFF, password: PASSWORD });
    const [definition] = (await resourceClient(api, registry.flow.work).startList({ key: LEAVE_E2E_KEY })).records;
    const [leader] = await resourceClient(api, registry.user.user).userList({ account: LEADER });
    const second = await resourceClient(api, registry.flow.leave).startProcess({
      processDefinitionId: definition?.id ?? '',
      startTime: '2026-12-10 09:00',
      endTime: '2026-12-10 18:00',
      reason: 'Dentist',
      taskUser: String(leader?.id),
    });
    await step(admin, 'workflow-16-follow-zh-desktop', async () => {
      await language(admin, '中文');
      await openScreen(admin, '/flow/follow/index', 'flow-follow');
      const row = admin.locator(`[data-testid="follow-row"][data-instance="${second.processInstanceId}"]`);
      await row.getByRole('button', { name: /流程图/ }).click();
      const dialog = await openedDialog(admin, /流程图/);
      const viewer = dialog.locator('[data-testid="bpmn-viewer"][data-ready="true"]');
      await viewer.waitFor(WAIT);
      expect(await viewer.getAttribute('data-current')).toBe('approverTask');
      await dialog.getByTestId('flow-history').getByText('Leader approves').waitFor();
      await dialog.locator('.ant-modal-footer .ant-btn').click();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByRole('button', { name: /删\s*除/ }).click();
      const remove = await openedDialog(admin, /删除流程实例/);
      await remove.locator('textarea').fill('Applied twice');
      await remove.locator('.ant-btn-primary').click();
      await toast(admin, '流程实例已删除');
      await row.waitFor({ state: 'detached', ...WAIT });
    });
    await step(admin, 'workflow-17-follow-zh-phone', async () => {
      await admin.setViewportSize(PHONE);
      await openScreen(admin, '/flow/follow/index', 'flow-follow');
      await admin.locator('[data-screen="flow-follow"] .ant-table').waitFor();
      expect(await scrollsSideways(admin)).toBe(false);
    });
    await admin.setViewportSize(DESKTOP);
    expect(detailPath).toMatch(/^\/work\/process\/leave\/detail\/\d+\/\d+$/);
    expect(pageErrors).toEqual([]);
  });
});
