/**
 * Lists the exports of apps/server/src (tests aside) that no other file imports, by the TypeScript language
 * service's find-references (so type-only uses count): `node scripts/unused-exports.mjs`. A measure, not a
 * lint: drizzle-kit reads the schema tables by path, so those stay exported. "tests" = used by tests only.
 * (Left on purpose when written: the schema tables, and spaces/space-access.ts and iot/common/space.ts, which
 * the authorisation-gate work owns.)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');
const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
);
const files = config.fileNames;
const service = ts.createLanguageService({
  getScriptFileNames: () => files,
  getScriptVersion: () => '1',
  getScriptSnapshot: (f) =>
    ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f) ?? '') : undefined,
  getCurrentDirectory: () => root,
  getCompilationSettings: () => config.options,
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
});
const program = service.getProgram();
const checker = program.getTypeChecker();
const isTest = (f) => /\.test\.ts$|\/test\/|\/testing\/|\.fixtures?\.ts$/.test(f);

let count = 0;
for (const source of program.getSourceFiles()) {
  const file = source.fileName;
  if (!file.startsWith(path.join(root, 'src')) || isTest(file)) continue;
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) continue;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const declaration = exported.declarations?.[0];
    if (!declaration || declaration.getSourceFile() !== source) continue;
    const name = ts.getNameOfDeclaration(declaration) ?? declaration;
    const users = new Set();
    for (const found of service.findReferences(file, name.getStart()) ?? []) {
      for (const ref of found.references) if (ref.fileName !== file) users.add(ref.fileName);
    }
    if ([...users].some((u) => !isTest(u))) continue;
    count += 1;
    console.log(`${path.relative(root, file)}\t${exported.name}\t${users.size > 0 ? 'tests' : 'unused'}`);
  }
}
console.error(`${count} exports of apps/server/src not imported by other non-test files`);
