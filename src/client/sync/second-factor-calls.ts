/**
 * Two-step sign-in, online only: turning a second factor on or off is a security step the
 * member must see take effect. Each answer re-pulls the state into Dexie.
 */
import { SECOND_FACTOR_PATHS, type TotpSetup } from '../../contract/second-factor';
import type { CallResult } from './api';
import { toCallResult } from './call-result';
import { authed, type Member, type SyncContext } from './context';
import { pullSecondFactor } from './pull/sessions';

export async function beginTotp(ctx: SyncContext, member: Member): Promise<CallResult<TotpSetup>> {
  const result = await authed<TotpSetup>(ctx, member, SECOND_FACTOR_PATHS.beginTotp, { method: 'POST' });
  if (result.kind === 'rejected') await pullSecondFactor(ctx, member);
  return toCallResult(result, (data) => data ?? { secret: '', uri: '', qrSvg: '' });
}

export async function confirmTotp(ctx: SyncContext, member: Member, code: string): Promise<CallResult<{ recoveryCodes: string[] }>> {
  const result = await authed<{ recoveryCodes: string[] }>(ctx, member, SECOND_FACTOR_PATHS.confirmTotp, { method: 'POST', body: { code } });
  if (result.kind === 'ok') await pullSecondFactor(ctx, member);
  return toCallResult(result, (data) => ({ recoveryCodes: data?.recoveryCodes ?? [] }));
}

export async function turnOffTotp(ctx: SyncContext, member: Member, password: string): Promise<CallResult> {
  const result = await authed(ctx, member, SECOND_FACTOR_PATHS.off, { method: 'POST', body: { password } });
  if (result.kind === 'ok') await pullSecondFactor(ctx, member);
  return toCallResult(result, () => undefined);
}
