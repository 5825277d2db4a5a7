/** Circle and slate suites ask the worker for their details on visit (mirrored, read offline). */
import type { PullResult } from '../sync/api';
import { sync } from '../sync/client';
import type { GroupKind } from './queries';

export function refreshGroup(kind: GroupKind, code: string): Promise<PullResult> {
  const request = kind === 'circle' ? { kind, groupCode: code } : { kind, pageCode: code };
  return sync.pull(request).catch((error: unknown) => ({
    ok: false,
    message: error instanceof Error ? error.message : 'The sync worker failed.',
  }));
}
