/**
 * What a CLI (`npm start`, `npm run ingest`, `npm run key`, …) prints when it fails: one line a
 * person can act on, never a stack trace. Imported first by every bin/ script so that a failure
 * anywhere, even in a module's top-level await, ends here.
 */

interface SystemError extends Error {
  readonly code?: string;
  readonly port?: number;
  readonly path?: string;
  readonly syscall?: string;
}

/** The line for `error`, as `command` (what the user typed) failed with it. */
export function describeCliFailure(error: unknown, command: string): string {
  if (!(error instanceof Error)) return `${command} failed: ${String(error)}`;
  const system = error as SystemError;
  if (system.code === 'EADDRINUSE' && system.syscall === 'listen') {
    const port = system.port ?? 3000;
    return `Port ${port} is already in use (another \`npm start\`?). Start on a free port: PORT=${port + 1} ${command}`;
  }
  if (system.code === 'EACCES' && system.syscall === 'listen') {
    return `Port ${system.port ?? ''} needs privileges this user lacks. Start on a port above 1023: PORT=3000 ${command}`;
  }
  if (system.code === 'ENOENT' && system.path) return `${command} failed: no such file or folder: ${system.path}`;
  if (/\block\b/i.test(error.message) && /LOCK/.test(error.message)) {
    return `${command} failed: the local data folder is open in another process (a running \`npm start\` started elsewhere?). Stop it, or set PLAINCVE_LOCAL_DIR to another folder.`;
  }
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${command} failed: ${error.message}${cause}`;
}

export function exitOnCliFailure(command: string): void {
  const fail = (error: unknown) => {
    console.error(describeCliFailure(error, command));
    process.exit(1);
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
}
