import { describe, expect, it } from 'vitest';
import { workKindOf } from '../work/work-screen.js';
import { isProcessFile } from './deploy-screen.js';
import { detailPath, flowRoutes, formPath, handlePath, leaveDays } from './flow-routes.js';

describe('the routes of a process category', () => {
  it('maps flow_<key> to the remark of its flow dictionary entry, as Saber', () => {
    const routes = flowRoutes([
      { dictKey: '1', remark: 'leave' },
      // An older seed's remark names the same route.
      { dictKey: 2, remark: '/process/trip/' },
      { dictKey: '3', remark: '' },
      { dictKey: '4', remark: null },
      { dictKey: '5', remark: 'https://evil.example/x' },
      { dictKey: '6', remark: '../admin' },
    ]);
    expect([...routes]).toEqual([
      ['flow_1', 'leave'],
      ['flow_2', 'trip'],
    ]);
  });

  it('builds the form, handle and detail addresses with each id as one path segment', () => {
    expect(formPath('leave', 'Leave:2:123')).toBe('/work/process/leave/form/Leave%3A2%3A123');
    const row = { taskId: '7', processInstanceId: '8', businessId: '9' };
    expect(handlePath('leave', row)).toBe('/work/process/leave/handle/7/8/9');
    expect(detailPath('leave', row)).toBe('/work/process/leave/detail/8/9');
    expect(formPath('leave', 'a/b')).toBe('/work/process/leave/form/a%2Fb');
  });
});

describe('the days of a leave', () => {
  const at = (text: string) => new Date(text);
  it('counts calendar days, half a day off for an afternoon start and for an end by noon', () => {
    expect(leaveDays(at('2026-12-01T09:00'), at('2026-12-01T18:00'))).toBe(1);
    expect(leaveDays(at('2026-12-01T09:00'), at('2026-12-02T18:00'))).toBe(2);
    expect(leaveDays(at('2026-12-01T09:00'), at('2026-12-01T12:00'))).toBe(0.5);
    expect(leaveDays(at('2026-12-01T13:00'), at('2026-12-01T18:00'))).toBe(0.5);
    expect(leaveDays(at('2026-12-01T13:00'), at('2026-12-03T12:00'))).toBe(2);
    expect(leaveDays(at('2026-12-01T09:00'), at('2026-12-01T09:30'))).toBe(0.5);
  });
  it('is 0 when the end is not after the start', () => {
    expect(leaveDays(at('2026-12-02T09:00'), at('2026-12-01T09:00'))).toBe(0);
    expect(leaveDays(at('2026-12-01T09:00'), at('2026-12-01T09:00'))).toBe(0);
  });
});

describe('my work and the deploy form', () => {
  it('shows the list of the menu opened, 待办 for an unknown one', () => {
    expect(['/work/start', '/work/claim', '/work/todo', '/work/send', '/work/done', '/work/other', undefined].map(workKindOf)).toEqual([
      'start',
      'claim',
      'todo',
      'send',
      'done',
      'todo',
      'todo',
    ]);
  });
  it('takes .bpmn and .bpmn20.xml files only', () => {
    expect(['leave.bpmn', 'Leave.BPMN20.XML', 'leave.xml', 'leave.bpmn.exe', 'bpmn'].map(isProcessFile)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
