/**
 * What a data export holds (contract/data-export.ts EXPORT_PARTS): the JSON parts, gathered
 * by the job into the export's row, and the list of the member's media files, which the
 * download streams from the media store (never copied: a member's videos may run to GBs).
 *
 * Media: every file the member uploaded, once each — the display file of entry and barter
 * media (the video or audio as sent) and the full-size picture ('source') of their own,
 * their circles' and their slates' pictures; not the thumbnails and smaller variants made
 * from them, nor a temporary upload never used.
 */
import { sql } from 'drizzle-orm';
import type { ExportPart } from '../../../contract/data-export';
import { queryRows, type Db } from '../../db/client';
import type { ExportMedia } from '../../db/schema/data-exports';
import { billionettsPart, bulletinsPart, profilePart, settingsPart, vaultPart } from './gather-account';
import { barterPart, circlesPart, commentsPart, entriesPart, ratingsPart, telexPart } from './gather-writing';

const PARTS: Record<ExportPart, (db: Db, me: number) => Promise<unknown>> = {
  profile: profilePart,
  vault: vaultPart,
  entries: entriesPart,
  comments: commentsPart,
  ratings: ratingsPart,
  circles: circlesPart,
  barter: barterPart,
  telex: telexPart,
  billionetts: billionettsPart,
  bulletins: bulletinsPart,
  settings: settingsPart,
};

export async function gatherSnapshot(db: Db, me: number): Promise<Record<ExportPart, unknown>> {
  const snapshot = {} as Record<ExportPart, unknown>;
  // One after another: a build is background work and should not take many connections.
  for (const [part, gather] of Object.entries(PARTS) as [ExportPart, (typeof PARTS)[ExportPart]][]) snapshot[part] = await gather(db, me);
  return snapshot;
}

export async function gatherMedia(db: Db, me: number): Promise<ExportMedia[]> {
  const rows = await queryRows<{ dir: string; file_name: string }>(
    db,
    sql`select image_type as dir, file_name from media where owner_id = ${me} and image_type in ('gallery', 'source') order by id`,
  );
  return rows.map((r) => ({ dir: r.dir, fileName: r.file_name, zipPath: `media/${r.dir}/${r.file_name}` }));
}
