import { describe, expect, it } from 'vitest';
import { bpmnTranslate } from './bpmn-zh.js';
import { pathMarks } from './diagram-path.js';
import { camundaAliased, isProcessKey, newDiagram, processOf, withProcess, xmlAttribute } from './new-diagram.js';

// The leave process: start → apply → leader → gateway → hr → end, and back to apply on a rejection.
const leave = [
  { id: 'f1', source: 'start', target: 'apply' },
  { id: 'f2', source: 'apply', target: 'leader' },
  { id: 'f3', source: 'leader', target: 'gw' },
  { id: 'f4', source: 'gw', target: 'hr' },
  { id: 'f5', source: 'gw', target: 'apply' },
  { id: 'f6', source: 'hr', target: 'end' },
];

const visits = (...ids: string[]) => ids.map((id) => ({ id: id.replace('*', ''), open: id.endsWith('*') }));

describe('the path of an instance on its diagram', () => {
  it('marks finished elements and the flows between them, the open task as current', () => {
    const marks = pathMarks(leave, visits('start', 'apply', 'leader*'));
    expect(new Set(marks.done)).toEqual(new Set(['start', 'apply', 'f1', 'f2']));
    expect(marks.current).toEqual(['leader']);
  });

  it('lights the gateway the history leaves out and only the branch taken', () => {
    const marks = pathMarks(leave, visits('start', 'apply', 'leader', 'hr*'));
    expect(marks.done).toEqual(expect.arrayContaining(['gw', 'f3', 'f4']));
    expect(marks.done).not.toContain('f5');
    expect(marks.current).toEqual(['hr']);
  });

  it('a rejection sent back to the applicant lights the way back, the applicant current again', () => {
    const marks = pathMarks(leave, visits('start', 'apply', 'leader', 'apply*'));
    expect(marks.current).toEqual(['apply']);
    expect(marks.done).toEqual(expect.arrayContaining(['gw', 'f3', 'f5', 'f1', 'f2']));
    expect(marks.done).not.toContain('apply');
    expect(marks.done).not.toContain('f4');
  });

  it('an instance at its end has nothing current and every element of its path done', () => {
    const marks = pathMarks(leave, visits('start', 'apply', 'leader', 'gw', 'hr', 'end'));
    expect(marks.current).toEqual([]);
    expect(new Set(marks.done)).toEqual(new Set(['start', 'apply', 'leader', 'gw', 'hr', 'end', 'f1', 'f2', 'f3', 'f4', 'f6']));
  });

  it('a gateway not yet left is not passed', () => {
    expect(pathMarks(leave, visits('start', 'apply', 'leader')).done).not.toContain('gw');
  });

  it('takes the start event as the first step when the history lists tasks only', () => {
    const marks = pathMarks(leave, visits('apply', 'leader*'), ['start']);
    expect(new Set(marks.done)).toEqual(new Set(['start', 'apply', 'f1', 'f2']));
    expect(pathMarks(leave, [], ['start']).done).toEqual([]);
  });

  it('lights both branches of a parallel gateway and both ways into its join', () => {
    const parallel = [
      { id: 'p1', source: 'start', target: 'fork' },
      { id: 'p2', source: 'fork', target: 'a' },
      { id: 'p3', source: 'fork', target: 'b' },
      { id: 'p4', source: 'a', target: 'join' },
      { id: 'p5', source: 'b', target: 'join' },
      { id: 'p6', source: 'join', target: 'c' },
    ];
    const marks = pathMarks(parallel, visits('start', 'a', 'b', 'c*'));
    expect(new Set(marks.done)).toEqual(new Set(['start', 'a', 'b', 'fork', 'join', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']));
    const halfway = pathMarks(parallel, visits('start', 'a', 'b*'));
    expect(halfway.done).not.toContain('p4');
    expect(halfway.current).toEqual(['b']);
  });
});

describe('a new model', () => {
  it('is a process keyed and named as the model, its name escaped', () => {
    const xml = newDiagram('leave_2', 'Leave <"&"> 请假');
    expect(processOf(xml)).toEqual({ id: 'leave_2', name: 'Leave <"&"> 请假' });
    expect(xml).toContain('xmlns:camunda="http://camunda.org/schema/1.0/bpmn"');
  });

  it('takes a key only when it can be an XML id', () => {
    expect(isProcessKey('leave')).toBe(true);
    expect(isProcessKey('a.b-c_1')).toBe(true);
    expect(isProcessKey('1leave')).toBe(false);
    expect(isProcessKey('请假')).toBe(false);
    expect(isProcessKey('a b')).toBe(false);
    expect(processOf(newDiagram('a"b', 'x'))?.id).toBe('process');
  });

  it('escapes every character XML gives a meaning', () => {
    expect(xmlAttribute(`<a href='x'>&"`)).toBe('&lt;a href=&apos;x&apos;&gt;&amp;&quot;');
  });

  it('reads nothing from a text that is not XML or holds no process', () => {
    expect(processOf('<bpmn')).toBeUndefined();
    expect(processOf('<a/>')).toBeUndefined();
  });
});

describe('the designer in Chinese and English', () => {
  it('translates in Chinese and keeps English as it is, with placeholders filled', () => {
    expect(bpmnTranslate('zh-CN')('Assignee')).toMatch(/^办理人（.*leader:/);
    expect(bpmnTranslate('en')('Assignee')).toBe('Assignee');
    expect(bpmnTranslate('zh-CN')('Unknown {name}', { name: 'x' })).toBe('Unknown x');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the panel's text names an expression's syntax
    expect(bpmnTranslate('zh-CN')('Start typing "${}" to create an expression.')).toContain('${}');
  });
});

describe('models written for Flowable', () => {
  it('reads flowable: and activiti: attributes as Camunda ones, the rest untouched', () => {
    const xml = `<definitions xmlns:flowable="http://flowable.org/bpmn" xmlns:a='http://activiti.org/bpmn' xmlns:x="http://example.com/flowable.org/bpmn"><userTask flowable:assignee="x"/></definitions>`;
    const aliased = camundaAliased(xml);
    expect(aliased).toContain('xmlns:flowable="http://camunda.org/schema/1.0/bpmn"');
    expect(aliased).toContain("xmlns:a='http://camunda.org/schema/1.0/bpmn'");
    expect(aliased).toContain('xmlns:x="http://example.com/flowable.org/bpmn"');
    expect(aliased).toContain('flowable:assignee="x"');
  });
});

describe('a saved model keeps its key and the process id together', () => {
  it('renames the process, its plane and its pool to the key and name of the form', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" id="d">
  <bpmn:collaboration id="c"><bpmn:participant id="p" processRef="process" /></bpmn:collaboration>
  <bpmn:process id="process" name="" />
  <bpmndi:BPMNDiagram id="g"><bpmndi:BPMNPlane id="pl" bpmnElement="process" /></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
    const saved = withProcess(xml, { modelKey: 'leave_2', name: '请假 & 调休' });
    expect(processOf(saved)).toEqual({ id: 'leave_2', name: '请假 & 调休' });
    expect(saved).toContain('processRef="leave_2"');
    expect(saved).not.toContain('bpmnElement="process"');
  });

  it('leaves a diagram that already agrees, or is not XML, as it is', () => {
    const xml = newDiagram('leave', 'Leave');
    expect(withProcess(xml, { modelKey: 'leave', name: 'Leave' })).toBe(xml);
    expect(withProcess('<broken', { modelKey: 'a', name: 'b' })).toBe('<broken');
  });
});

describe('the panel says how the engine reads people', () => {
  it('explains candidate groups as role aliases and departments in both languages', () => {
    expect(bpmnTranslate('en')('Candidate groups')).toContain('role:hr');
    expect(bpmnTranslate('en')('Candidate groups')).toContain('dept:');
    expect(bpmnTranslate('zh-CN')('Candidate groups')).toContain('角色别名');
    expect(bpmnTranslate('en')('Candidate users')).toContain('accounts');
  });
});
