/**
 * Work and education of the demo community: 1–3 jobs and 1–2 studies per member, derived
 * from the member's birth date and city, deterministic (own faker stream). About one row in
 * six is for billionetts (2) or only the member (3). Jonas (the second demo login) keeps his
 * whole work feature 'Only me', so visiting him shows the privacy picture.
 */
import type { Faker } from '@faker-js/faker';
import { eq, inArray } from 'drizzle-orm';
import { PRIVACY } from '../../contract/codes';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { educations, works } from '../db/schema/vault';
import { setFeaturePrivacy } from '../policy/privacy';
import type { SeedMember } from './community';
import { places } from './data/places';
import { companyNames, courseNames, instituteNames, positionNames, slug } from './data/vault-lookups';

const STREAM_SEED = 20_260_404;
const CHUNK = 250;

type WorkRow = typeof works.$inferInsert;
type EducationRow = typeof educations.$inferInsert;

const iso = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;
const yearOf = (date: string) => Number(date.slice(0, 4));

function rowPrivacy(faker: Faker): number {
  const roll = faker.number.int({ min: 1, max: 12 });
  return roll === 1 ? PRIVACY.onlyMe : roll === 2 ? PRIVACY.billionetts : PRIVACY.everyone;
}

/** One member's rows, without user ids (filled in by the writer). */
export function workEducationFor(
  faker: Faker,
  member: SeedMember,
): { works: Omit<WorkRow, 'userId'>[]; educations: Omit<EducationRow, 'userId'>[] } {
  const born = yearOf(member.dateOfBirth);
  const home = places.includes(member.locationName) ? slug(member.locationName) : slug(places[0]!);
  const place = () => (faker.datatype.boolean(0.6) ? home : slug(faker.helpers.arrayElement(places)));
  const eduRows: Omit<EducationRow, 'userId'>[] = [];
  let year = born + 18;
  const studies = faker.number.int({ min: 1, max: 2 });
  for (let i = 0; i < studies && year < 2025; i += 1) {
    const length = i === 0 ? faker.number.int({ min: 3, max: 5 }) : faker.number.int({ min: 1, max: 2 });
    const end = year + length;
    const finished = end <= 2025;
    eduRows.push({
      educationCode: `E${member.userCode.slice(1)}${i}`,
      instituteCode: slug(faker.helpers.arrayElement(instituteNames)),
      courseCode: slug(faker.helpers.arrayElement(courseNames)),
      locationCode: place(),
      graduated: finished ? 'Yes' : 'No',
      startDate: iso(year, 9),
      endDate: finished ? iso(end, 6) : null,
      privacyCode: rowPrivacy(faker),
    });
    year = end;
  }
  const workRows: Omit<WorkRow, 'userId'>[] = [];
  const jobs = faker.number.int({ min: 1, max: 3 });
  for (let i = 0; i < jobs && year <= 2025; i += 1) {
    const last = i === jobs - 1;
    const length = faker.number.int({ min: 2, max: 8 });
    const current = last && faker.datatype.boolean(0.85);
    const endYear = Math.min(year + length, 2025);
    workRows.push({
      workCode: `W${member.userCode.slice(1)}${i}`,
      companyCode: slug(faker.helpers.arrayElement(companyNames)),
      positionCode: slug(faker.helpers.arrayElement(positionNames)),
      locationCode: last ? home : place(),
      working: current ? 'Yes' : 'No',
      // Jobs start after the summer a study ended (studies end in June).
      startDate: iso(year, faker.number.int({ min: 7, max: 12 })),
      endDate: current ? null : iso(endYear, faker.number.int({ min: 1, max: 6 })),
      privacyCode: rowPrivacy(faker),
    });
    // A job that started and ended in the same year (the 2025 cap) ends when it starts at the earliest.
    const row = workRows[workRows.length - 1]!;
    if (row.endDate && row.endDate < row.startDate) row.endDate = row.startDate;
    year = endYear;
  }
  return { works: workRows, educations: eduRows };
}

export async function seedWorkEducation(db: Db, members: SeedMember[]): Promise<void> {
  // Imported here, not at the top: seed/index.ts (this file's importer) is loaded by every API
  // process, and faker's package holds every locale's data (~20 MB of heap) once evaluated.
  const { Faker: Generator, base, en } = await import('@faker-js/faker');
  const faker = new Generator({ locale: [en, base] });
  faker.seed(STREAM_SEED);
  const ids = new Map<string, number>();
  for (let i = 0; i < members.length; i += CHUNK) {
    const codes = members.slice(i, i + CHUNK).map((m) => m.userCode);
    const rows = await db.select({ id: users.id, userCode: users.userCode }).from(users).where(inArray(users.userCode, codes));
    for (const r of rows) ids.set(r.userCode, r.id);
  }
  const allWorks: WorkRow[] = [];
  const allEducations: EducationRow[] = [];
  for (const member of members) {
    const userId = ids.get(member.userCode);
    if (userId === undefined) continue;
    const rows = workEducationFor(faker, member);
    allWorks.push(...rows.works.map((w) => ({ ...w, userId })));
    allEducations.push(...rows.educations.map((e) => ({ ...e, userId })));
  }
  for (let i = 0; i < allWorks.length; i += CHUNK) await db.insert(works).values(allWorks.slice(i, i + CHUNK));
  for (let i = 0; i < allEducations.length; i += CHUNK) await db.insert(educations).values(allEducations.slice(i, i + CHUNK));
  const jonas = members[1];
  if (jonas) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.userCode, jonas.userCode)).limit(1);
    if (row) await setFeaturePrivacy(db, row.id, 'work', PRIVACY.onlyMe);
  }
}
