/** Circle and slate suites ask the worker for their details on visit (mirrored, read offline). */
import type { PullResult } from '../sync/api';
import { pullPage } from '../sync/client';
import type { GroupKind } from './queries';

export function refreshGroup(kind: GroupKind, code: string): Promise<PullResult> {
  return pullPage(kind === 'circle' ? { kind, groupCode: code } : { kind, pageCode: code });
}
