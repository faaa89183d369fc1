import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * A scratch copy of the two packages a generated resource lands in (shared-api and the server's
 * sources, their node_modules linked), the generated files unpacked over it and the README's
 * "lines to add" applied as a developer would, then type-checked.
 */
/** Where the README's lines for the server's resource list are type-checked (see applyReadme). */
export const SERVER_LINES = 'packages/server/src/resources/readme-lines.ts';

const repo = fileURLToPath(new URL('../../../../../', import.meta.url));

export interface Scratch {
  root: string;
  path(relative: string): string;
  unpack(files: Record<string, string>, under: string): void;
  applyReadme(readme: string): void;
  /** TypeScript's errors in these files (each checked against the rest of the scratch copy), as text. */
  typeErrors(files: string[]): string[];
  remove(): void;
}

export function makeScratch(): Scratch {
  const root = mkdtempSync(join(tmpdir(), 'sso-codegen-'));
  for (const pkg of ['shared-api', 'packages/server']) {
    cpSync(join(repo, pkg, 'src'), join(root, pkg, 'src'), { recursive: true });
    symlinkSync(join(repo, pkg, 'node_modules'), join(root, pkg, 'node_modules'), 'dir');
    cpSync(join(repo, pkg, 'package.json'), join(root, pkg, 'package.json'));
  }
  const path = (relative: string) => join(root, relative);
  const edit = (relative: string, change: (text: string) => string) => {
    const file = path(relative);
    const before = readFileSync(file, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`${relative}: the README's line did not apply`);
    writeFileSync(file, after);
  };
  const insertAfter = (text: string, anchor: string, line: string) => {
    const at = text.indexOf(anchor);
    if (at < 0) throw new Error(`no ${anchor}`);
    return text.slice(0, at + anchor.length) + line + text.slice(at + anchor.length);
  };
  return {
    root,
    path,
    unpack(files, under) {
      for (const [name, text] of Object.entries(files)) {
        if (!name.startsWith(`${under}/`)) throw new Error(`${name} is outside ${under}/`);
        const target = path(name.slice(under.length + 1));
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, text);
      }
    },
    applyReadme(readme) {
      const steps = readme
        .split('## Lines to add')[1]!
        .split(/\n(?=\d\. )/)
        .filter((step) => /^\d\. /.test(step.trim()))
        .map((step) => [...step.matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
      const [registry, server, migrations, schema, menus] = steps;
      if (!registry || !server || !migrations || !schema || !menus) throw new Error('the README lists fewer than five steps');
      const importLine = registry.find((snippet) => snippet.startsWith('import '))!;
      const exportLine = registry.find((snippet) => snippet.startsWith('export '))!;
      const [ident, group] = registry.filter((snippet) => /^\w+$/.test(snippet) && snippet !== 'registry') as [string, string];
      edit('shared-api/src/resources/index.ts', (text) => {
        let out = `${importLine}\n${text}\n${exportLine}\n`;
        out = out.includes(`\n  ${group}: {`)
          ? insertAfter(out, `\n  ${group}: {`, ` ${ident},`)
          : insertAfter(out, 'export const registry = {', `\n  ${group}: { ${ident} },`);
        return out;
      });
      const [, serverImport, resource] = server as [string, string, string];
      edit('packages/server/src/resources/index.ts', (text) =>
        insertAfter(`${serverImport}\n${text}`, 'const resourcesWithRules: readonly ServerResource[] = [', `\n  ${resource},`),
      );
      // The server's index imports every resource: type-checking it takes long. These lines, alone
      // in a file beside it, check what the README adds: the import and the bound resource's type.
      const check = path(SERVER_LINES);
      const before = existsSync(check) ? readFileSync(check, 'utf8') : "import type { ServerResource } from '../engine/types.js';\n";
      writeFileSync(check, `${serverImport}\n${before}export const ${resource}Served: ServerResource = ${resource};\n`);
      const [, migrationImport, entry] = migrations as [string, string, string];
      edit('packages/server/src/db/migrations/index.ts', (text) => {
        const out = `${migrationImport}\n${text}`;
        const end = out.lastIndexOf('];');
        return `${out.slice(0, end)}  ${entry},\n${out.slice(end)}`;
      });
      const [, schemaImport, tables] = schema as [string, string, string];
      edit('packages/server/src/db/schema.ts', (text) =>
        insertAfter(`${schemaImport}\n${text}`, 'export interface Database\n  extends ', `${tables},\n    `),
      );
      const [, menuImport, menu] = menus as [string, string, string];
      edit('packages/server/src/db/seed-data/menus.ts', (text) =>
        insertAfter(
          `${menuImport}\n${text}`,
          "const tool = group('tool', '研发工具', 'tool', '/tool', 'iconfont icon-wxbgongju', 13, [",
          `\n  ${menu},`,
        ),
      );
    },
    typeErrors(files) {
      const options: ts.CompilerOptions = {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
        types: ['node'],
        esModuleInterop: true,
        resolveJsonModule: true,
        isolatedModules: true,
        verbatimModuleSyntax: true,
        // The server imports the contract by name: here, the scratch copy with the generated definitions.
        baseUrl: root,
        paths: {
          '@sso/shared-api': ['shared-api/src/index.ts'],
          '@sso/shared-api/auth': ['shared-api/src/auth-index.ts'],
          '@sso/shared-api/node': ['shared-api/src/node.ts'],
        },
        typeRoots: [join(repo, 'node_modules/@types'), join(repo, 'packages/server/node_modules/@types')],
      };
      const program = ts.createProgram(
        files.map((file) => path(file)),
        options,
      );
      return files.flatMap((file) => {
        const source = program.getSourceFile(path(file));
        if (!source) return [`${file}: not in the program`];
        return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => {
          const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
          return `${file}${where ? `:${where.line + 1}` : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
        });
      });
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
