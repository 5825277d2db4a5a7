/** pull(request): one module per kind (pull/<kind>.ts); this only dispatches. */
import type { PullRequest, PullResult } from '../api';
import type { Member, SyncContext } from '../context';
import { pullPersonal } from './personal';
import { pullProfile } from './profile';
import { pullShell } from './shell';

export function runPull(ctx: SyncContext, member: Member, request: PullRequest): Promise<PullResult> {
  switch (request.kind) {
    case 'shell':
      return pullShell(ctx, member);
    case 'profile':
      return pullProfile(ctx, member, request.userCode);
    case 'personal':
      return pullPersonal(ctx, member, request.userCode);
  }
}

/**
 * The pulls that bring back the server's rows of an outbox target (see each kind's
 * `target` in contract/mutations.ts): Discard re-reads them to undo the optimistic change.
 */
export function pullsForTarget(target: string): PullRequest[] {
  const [area, code] = target.split(':');
  if (area === 'profile' && code) return [{ kind: 'profile', userCode: code }, { kind: 'personal', userCode: code }];
  return [];
}
