/** Live hooks of another member's suite: their profile and which tabs they let this member open. */
import { useLiveQuery } from '../store/live-query';
import { memberDb, type PersonalRow, type ProfileRow } from '../store/db';

export type MemberView = {
  profile: ProfileRow | undefined;
  personal: PersonalRow | undefined;
  /** The last pull of their profile failed with this status (404: no such member). */
  profileError: number | undefined;
};

export function useMemberView(me: string, userCode: string): MemberView | undefined {
  return useLiveQuery(async () => {
    const db = memberDb(me);
    const [profile, personal, cursor] = await Promise.all([
      db.profiles.get(userCode),
      db.personal.get(userCode),
      db.cursors.get(`profile:${userCode}`),
    ]);
    return { profile, personal, profileError: cursor?.error?.status };
  }, [me, userCode]);
}
