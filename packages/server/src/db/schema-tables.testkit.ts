import ts from 'typescript';

/**
 * The tables and columns the Kysely types declare: the properties of the `Database` interface of
 * `schemaFile` and of each table's row type (intersections such as `CommonColumns & {…}` and
 * interfaces it extends included), read by the TypeScript checker as the compiler sees them.
 */
export function kyselyTables(schemaFile: string): Map<string, string[]> {
  const program = ts.createProgram([schemaFile], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile);
  if (!source) throw new Error(`${schemaFile}: not found`);
  const database = source.statements.find(
    (node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'Database',
  );
  if (!database) throw new Error(`${schemaFile}: no Database interface`);
  const tables = new Map<string, string[]>();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const row = checker.getTypeOfSymbolAtLocation(table, database);
    tables.set(
      table.getName(),
      row.getApparentProperties().map((column) => column.getName()),
    );
  }
  return tables;
}
