import { dict, menu, param, post, type ResourceDef } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { startValues } from './start-values.js';

const asDef = (def: unknown) => def as ResourceDef;

/** An add form opens with a sort, so that the entities that need one (posts, dictionaries, menus) can be sent as opened. */
describe('the values an add form starts with', () => {
  it('places a new row after the last of the rows listed', () => {
    const rows = [{ sort: 3 }, { sort: 7 }, { sort: 5 }];
    expect(startValues(asDef(post), rows)).toEqual({ sort: 8 });
  });

  it('starts at 1 when nothing is listed yet, or nothing listed has a sort', () => {
    expect(startValues(asDef(post), [])).toEqual({ sort: 1 });
    expect(startValues(asDef(post), [{ sort: null }, { sort: '' }])).toEqual({ sort: 1 });
  });

  it('keeps the presets, and a preset sort wins', () => {
    expect(startValues(asDef(dict), [{ sort: 2 }], { isSealed: 0 })).toEqual({ isSealed: 0, sort: 3 });
    expect(startValues(asDef(dict), [{ sort: 2 }], { sort: 9 })).toEqual({ sort: 9 });
  });

  it('places a child after its siblings in a tree, and first under a parent whose children are not loaded', () => {
    const tree = [
      {
        id: '1',
        sort: 1,
        children: [
          { id: '11', sort: 4 },
          { id: '12', sort: 6, children: [{ id: '121', sort: 2 }] },
        ],
      },
      { id: '2', sort: 2, hasChildren: true },
    ];
    expect(startValues(asDef(menu), tree, { parentId: '1' })).toEqual({ parentId: '1', sort: 7 });
    expect(startValues(asDef(menu), tree, { parentId: '12' })).toEqual({ parentId: '12', sort: 3 });
    expect(startValues(asDef(menu), tree, { parentId: '2' })).toEqual({ parentId: '2', sort: 1 });
    expect(startValues(asDef(menu), tree)).toEqual({ sort: 3 });
  });

  it('leaves a resource without a sort field alone', () => {
    expect(startValues(asDef(param), [{ sort: 3 }])).toBeUndefined();
    expect(startValues(asDef(param), [], { remark: 'x' })).toEqual({ remark: 'x' });
  });
});
