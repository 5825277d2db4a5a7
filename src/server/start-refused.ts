/**
 * A reason this host must not serve, said in one sentence to the operator (and the process
 * exits 1) rather than as a stack trace — or worse, served as 401s to members.
 */
export class StartRefused extends Error {}

/** The operator reads the sentence of a StartRefused and the process exits 1; anything else is thrown on. */
export function exitIfRefused(error: unknown): never {
  if (!(error instanceof StartRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
