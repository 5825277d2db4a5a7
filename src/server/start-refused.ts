/**
 * A reason this host must not serve, said in one sentence to the operator (and the process
 * exits 1) rather than as a stack trace — or worse, served as 401s to members.
 */
export class StartRefused extends Error {}

/**
 * Ends a start that failed: a StartRefused as its sentence, anything else with its stack;
 * exit 1 either way, at once — a failure halfway through opening the database must not
 * leave the process idling on what it had opened.
 */
export function exitStartFailed(error: unknown): never {
  console.error(error instanceof StartRefused ? error.message : error);
  process.exit(1);
}
