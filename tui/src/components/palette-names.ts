import { type MenuNode, resourceForMenu } from '@sso/shared-api';

/**
 * Every name a menu answers to in the palette: its Chinese and English names, menu code, alias and
 * path, and the name and titles of the registry resource it opens (`user`, 用户管理, Users).
 */
export function paletteNames(node: MenuNode): string[] {
  const def = resourceForMenu(node.code);
  return [node.name, node.nameEn, node.code, node.alias, node.path, def?.name, ...(def?.view.title ?? [])].filter((name): name is string =>
    Boolean(name),
  );
}
