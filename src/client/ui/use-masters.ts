/**
 * The master lists every area picks from (professions, privacies, services), live from Dexie (the
 * shell mirrors them once per session). One place, so each area does not read them anew.
 */
import { useLiveQuery } from '../store/live-query';
import type { ServiceKind } from '../../contract/barter';
import type { Privacy, Profession } from '../../contract/masters';
import { memberDb } from '../store/db';

export function useProfessions(me: string): Profession[] {
  return useLiveQuery(
    async () => {
      const row = await memberDb(me).masters.get('professions');
      return row?.name === 'professions' ? row.rows : [];
    },
    [me],
    [],
  );
}

export function usePrivacies(me: string): Privacy[] {
  return useLiveQuery(
    async () => {
      const row = await memberDb(me).masters.get('privacies');
      return row?.name === 'privacies' ? row.rows : [];
    },
    [me],
    [],
  );
}

/** Barter's services (the form's and the filter's picker), mirrored with the other masters. */
export function useServiceKinds(me: string): ServiceKind[] {
  return useLiveQuery(
    async () => {
      const row = await memberDb(me).masters.get('services');
      return row?.name === 'services' ? row.rows : [];
    },
    [me],
    [],
  );
}
