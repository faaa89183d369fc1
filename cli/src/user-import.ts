import { extname } from 'node:path';
import { resourceClient, type SsoClient, user } from '@sso/shared-api';
import type { Command } from 'commander';
import ExcelJS from 'exceljs';
import { CliError } from './errors.js';
import { decodeUtf8, parseCsv, readSource } from './input-files.js';
import type { Output } from './output.js';

/**
 * A CSV of users as the xlsx import takes it (same header row, cells as text). Each data row sits on
 * the sheet row of its CSV line, so the server's "row 3" is line 3 of the file even past blank lines.
 */
async function csvToXlsx(text: string): Promise<Uint8Array> {
  const table = parseCsv(text);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  sheet.getRow(1).values = table.headers;
  for (const row of table.rows) sheet.getRow(row.line).values = table.headers.map((h) => row.values[h]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

interface ImportAnswer {
  inserted: number;
  updated: number;
  failures?: { row: number; message: string }[];
}

/** The server's dry run on stderr: what would be written, then every refused row as the import names it. */
function reportDryRun(output: Output, answer: ImportAnswer): void {
  const failures = answer.failures ?? [];
  output.err(
    `user import (dry run): ${answer.inserted} 新增 (would insert), ${answer.updated} 更新 (would update), ${failures.length} 失败 (refused)\n`,
  );
  for (const failure of failures) output.err(`  ${failure.message}\n`);
  output.out(`${JSON.stringify(answer)}\n`);
  if (failures.length)
    throw new CliError(`${failures.length} 行有误，不会导入 (${failures.length} rows refused, nothing would be imported)`);
}

/** `sso user import <file>`: xlsx as it is, csv turned into the same sheet; --dry-run lets the server check it. */
export function addUserImportCommand(command: Command, client: () => SsoClient, output: Output): void {
  command
    .command('import <file>')
    .description('import users from xlsx or csv (the export-template columns); --cover updates existing accounts')
    .option('--cover', 'update accounts that exist')
    .option('--dry-run', 'the server checks every row as the import would and writes nothing')
    .addHelpText('after', '\nExamples:\n  sso user import users.xlsx\n  sso user import users.csv --cover --dry-run\n')
    .action(async (file: string, options: { cover?: boolean; dryRun?: boolean }) => {
      const bytes = await readSource(file, output);
      const xlsx = extname(file).toLowerCase() === '.xlsx' ? new Uint8Array(bytes) : await csvToXlsx(decodeUtf8(bytes, file));
      const mimetype = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      const upload = { filename: 'users.xlsx', data: xlsx, mimetype };
      const query = { isCovered: options.cover ? 1 : 0, dryRun: options.dryRun ? 1 : 0 } as const;
      const result = await resourceClient(client(), user).importUser({ file: upload }, query);
      if (options.dryRun) return reportDryRun(output, result);
      output.err(`user import: ${result.inserted} 新增 (inserted), ${result.updated} 更新 (updated)\n`);
      output.out(`${JSON.stringify(result)}\n`);
    });
}
