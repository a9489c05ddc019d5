import { join } from 'node:path';
import ts from 'typescript';

/**
 * One program over `files` (name → text, each a module), with the options of the repository's
 * tsconfig.base.json: packages resolve through their `exports` maps only, as a host's do.
 *
 * @example
 * const program = typecheckProgram(root, new Map([[join(root, 'example.ts'), 'export {};']]));
 */
export function typecheckProgram(root: string, files: ReadonlyMap<string, string>): ts.Program {
  const { config } = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile);
  const { options, errors } = ts.convertCompilerOptionsFromJson(config.compilerOptions, root);
  if (errors.length > 0) throw new Error(ts.flattenDiagnosticMessageText(errors[0]!.messageText, '\n'));
  const host = ts.createCompilerHost({ ...options, noEmit: true }, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    const text = files.get(name);
    return text === undefined
      ? getSourceFile(name, language, ...rest)
      : ts.createSourceFile(name, text, language);
  };
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  return ts.createProgram([...files.keys()], { ...options, noEmit: true }, host);
}

/**
 * The diagnostics of one file of `program`, each as `where TSnnnn: message`; `at` maps a line
 * and column of the file to where a reader finds it (a Markdown file's line, say).
 */
export function typeProblems(
  program: ts.Program,
  fileName: string,
  at?: (line: number, column: number) => string,
): string[] {
  const file = program.getSourceFile(fileName)!;
  return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((d) => {
    const position = d.start === undefined ? undefined : file.getLineAndCharacterOfPosition(d.start);
    const where = at && position ? at(position.line, position.character) : fileName;
    return `${where} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}
